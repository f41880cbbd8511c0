"use client";

// Resolve an exception with a note saying why (admins and operators; kept with it and in the
// audit log). A modal <dialog> in the top layer, rendered once beside the table, never in a cell.
import { useId, useState } from "react";
import { useResolveException } from "@/components/reconciliation/reconciliation-queries";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { showToast } from "@/components/ui/toast";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import type { ExceptionDto } from "@/lib/reconciliation/exception-dto";
import { EXCEPTION_KIND_LABELS } from "@/lib/reconciliation/reconciliation-values";
import { resolveExceptionBody } from "@/lib/reconciliation/schemas";

export function ResolveExceptionDialog({ target, onClose }: { target: ExceptionDto | null; onClose: () => void }) {
  const formId = useId();
  const noteId = useId();
  const [note, setNote] = useState("");
  const resolve = useResolveException();
  const action = useDialogAction({ onClose, reset: () => setNote("") });

  function submit() {
    if (!target) return;
    const parsed = resolveExceptionBody.safeParse({ note });
    if (!parsed.success) {
      action.setError("Say why it is resolved (up to 500 characters).");
      return;
    }
    void action.run(async () => {
      await resolve.mutateAsync({ id: target.id, note: parsed.data.note });
      showToast({ title: "Exception resolved", description: EXCEPTION_KIND_LABELS[target.kind] });
      setNote("");
      onClose();
    }, "The service did not answer. The exception is unchanged; try again.");
  }

  return (
    <ActionDialog
      open={target !== null}
      onClose={action.close}
      size="sm"
      testId="resolve-exception-dialog"
      title="Resolve this exception?"
      description={
        target
          ? `${EXCEPTION_KIND_LABELS[target.kind]} · ${target.merchantIdentifier}${target.sale ? ` · line ${target.sale.line}` : ""}`
          : undefined
      }
      action={{ holdCancel: true, form: formId, label: "Resolve", pendingLabel: "Resolving…", pending: action.pending }}
    >
      <form
        id={formId}
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <Label htmlFor={noteId}>Note</Label>
          <Textarea
            id={noteId}
            data-autofocus
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Why it needs nothing more (kept with it and in the audit log)"
          />
        </div>
        {action.error ? <Alert>{action.error}</Alert> : null}
      </form>
    </ActionDialog>
  );
}
