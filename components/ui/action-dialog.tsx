"use client";

// A dialog with one action: the Dialog, its footer the DialogActions (Cancel and the action, or
// the one button left once the action is done).
import type { ComponentProps } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions, type DialogActionsProps } from "@/components/ui/dialog-actions";

type DialogProps = Omit<ComponentProps<typeof Dialog>, "footer" | "open">;

/**
 * `action` is the footer's (its Cancel is `onClose`). With `action.holdCancel`, the dialog does
 * not close while the action runs: Cancel is disabled, and Escape, the backdrop and × do nothing.
 */
export function ActionDialog({
  open = true,
  onClose,
  action,
  ...dialog
}: DialogProps & { open?: boolean; action: Omit<DialogActionsProps, "onCancel"> }) {
  const close = () => (action.holdCancel && action.pending ? undefined : onClose());
  return <Dialog open={open} onClose={close} footer={<DialogActions onCancel={onClose} {...action} />} {...dialog} />;
}
