"use client";

// A dialog that asks before it acts (disable, delete, rotate a secret, reset a password): the
// question is its body, the action one request. While the request runs, Cancel, Escape and ×
// wait for its answer; a refusal shows under the question. Once done the dialog closes, or shows
// the outcome the request answered (a new secret, a password shown once) until "Done".
import { type ComponentProps, type ReactNode, useState } from "react";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { useDialogAction } from "@/components/ui/use-dialog-action";

/** What a done action leaves to read: the dialog's title and description then, and its body. */
export type Outcome = { title: string; description?: string; body: ReactNode };

export type Confirmation = {
  label: string;
  pendingLabel: string;
  /** The request: it answers an outcome to show, or nothing for the dialog to close. */
  run: () => Promise<Outcome | undefined>;
  /** Said when the service did not answer (a refusal is said in the API's words). */
  failure: string;
  /** A reason to refuse the action yet (it would change nothing). */
  disabled?: boolean;
  danger?: boolean;
  autoFocus?: boolean;
};

type ConfirmDialogProps = Omit<ComponentProps<typeof ActionDialog>, "action" | "result" | "closeLabel"> & {
  confirm: Confirmation;
  /** The heading of a refusal ("Nothing changed."). */
  errorTitle?: string;
};

export function ConfirmDialog({
  onClose,
  title,
  description,
  size = "sm",
  confirm,
  errorTitle,
  children,
  ...dialog
}: ConfirmDialogProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { pending, error, run, close } = useDialogAction({ onClose, reset: () => setOutcome(null) });
  const { run: request, failure, disabled, ...button } = confirm;
  const act = () =>
    run(async () => {
      const answered = await request();
      if (answered) setOutcome(answered);
      else onClose();
    }, failure);
  return (
    <ActionDialog
      {...dialog}
      onClose={close}
      size={size}
      title={outcome ? outcome.title : title}
      description={outcome ? outcome.description : description}
      action={{ ...button, holdCancel: true, onAction: () => void act(), pending, actionDisabled: disabled }}
      result={outcome?.body}
    >
      <div className="space-y-4">
        {children}
        {error ? <Alert title={errorTitle}>{error}</Alert> : null}
      </div>
    </ActionDialog>
  );
}
