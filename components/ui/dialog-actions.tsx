"use client";

// A dialog's footer: Cancel and the dialog's action (a form's submit, or a confirmation), the
// action saying what it does while it runs ("Saving…"); once the action is done (a secret or a
// password shown once, a job started), one button that closes the dialog instead.
import { Button } from "@/components/ui/button";

const DANGER = "bg-(--danger)! text-(--surface)! hover:opacity-90";

export type DialogActionsProps = {
  onCancel: () => void;
  /** Cancel is disabled while the action runs (the dialog waits for the answer). */
  holdCancel?: boolean;
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The id of the form the action submits; without one, the action is onAction. */
  form?: string;
  onAction?: () => void;
  /** A reason other than `pending` to refuse the action (nothing changed yet). */
  actionDisabled?: boolean;
  /** An action that removes or stops something: drawn in the danger colour. */
  danger?: boolean;
  /** The action takes the dialog's first focus. */
  autoFocus?: boolean;
  /** Set once the action is done: the one button left ("Done", "Close"). */
  done?: { label: string; onClick: () => void; autoFocus?: boolean; disabled?: boolean } | null;
};

export function DialogActions({
  onCancel,
  holdCancel = false,
  label,
  pendingLabel,
  pending,
  form,
  onAction,
  actionDisabled = false,
  danger = false,
  autoFocus = false,
  done,
}: DialogActionsProps) {
  if (done) {
    return (
      <Button onClick={done.onClick} disabled={done.disabled} data-autofocus={done.autoFocus || undefined}>
        {done.label}
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={holdCancel ? pending : undefined}>
        Cancel
      </Button>
      <Button
        type={form ? "submit" : "button"}
        form={form}
        onClick={form ? undefined : onAction}
        disabled={pending || actionDisabled}
        data-autofocus={autoFocus || undefined}
        className={danger ? DANGER : undefined}
      >
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}
