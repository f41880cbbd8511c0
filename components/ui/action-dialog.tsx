"use client";

// A dialog with one action: the Dialog, its footer the DialogActions (Cancel and the action).
// Once the action is done, what it answered (a secret, a password, a job's progress) takes the
// body's place, and the one button left closes the dialog.
import type { ComponentProps, ReactNode } from "react";
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
  result,
  closeLabel = "Done",
  children,
  ...dialog
}: DialogProps & {
  open?: boolean;
  action: Omit<DialogActionsProps, "onCancel" | "done">;
  /** What the done action answered, shown instead of the children: null until it is done. */
  result?: ReactNode;
  /** The one button left once `result` shows. */
  closeLabel?: string;
}) {
  const close = () => (action.holdCancel && action.pending ? undefined : onClose());
  const done = result ? { label: closeLabel, onClick: onClose, autoFocus: true } : null;
  return (
    <Dialog open={open} onClose={close} footer={<DialogActions onCancel={onClose} {...action} done={done} />} {...dialog}>
      {result ? result : children}
    </Dialog>
  );
}
