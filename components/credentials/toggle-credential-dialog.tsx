"use client";

// Enable or disable a credential, after a confirmation that says what it changes: a disabled
// credential stops matching notifications, which then fail with credential_disabled. Once it is
// enabled again the dialog stays to offer retrying those events (they match it now).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { credentialKeys } from "@/components/credentials/credential-queries";
import { RetryMatchingEvents } from "@/components/credentials/retry-matching-events";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useDialogAction } from "@/components/ui/use-dialog-action";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import { updateCredentialBody } from "@/lib/credentials/schemas";
import type { ProviderDto } from "@/lib/providers/list-providers";

export type ToggleTarget = {
  credential: CredentialDto;
  /** Unknown while the providers load: then no retry is offered after enabling. */
  provider: ProviderDto | undefined;
  providerName: string;
  merchantName: string;
  account: string;
};

export function ToggleCredentialDialog({ target, onClose }: { target: ToggleTarget | null; onClose: () => void }) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(false);
  const { pending, error, run, close } = useDialogAction({ onClose, reset: () => setEnabled(false) });
  const enabling = target ? !target.credential.enabled : false;

  async function confirm() {
    if (!target) return;
    const body = updateCredentialBody.parse({ enabled: enabling });
    await run(async () => {
      await submit<CredentialDto>(`/v1/credentials/${target.credential.id}`, { method: "PATCH", body });
      await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
      showToast({
        title: enabling ? "Credential enabled" : "Credential disabled",
        description: `${target.providerName} · ${target.merchantName}`,
      });
      if (enabling) setEnabled(true);
      else onClose();
    }, "The service did not answer. The credential is unchanged; try again.");
  }

  return (
    <ActionDialog
      open={target !== null}
      onClose={close}
      size="sm"
      testId="toggle-credential-dialog"
      title={enabled ? "Credential enabled" : enabling ? "Enable this credential?" : "Disable this credential?"}
      description={
        enabled
          ? "Notifications for this account are matched to the merchant again."
          : enabling
            ? "Notifications for this account will be matched to the merchant again."
            : "Notifications for this account will fail with “credential disabled” until it is enabled again. Nothing is deleted."
      }
      action={{
        holdCancel: true,
        onAction: () => void confirm(),
        label: enabling ? "Enable credential" : "Disable credential",
        pendingLabel: enabling ? "Enabling…" : "Disabling…",
        pending,
        danger: !enabling,
        autoFocus: true,
        done: enabled ? { label: "Done", onClick: close, autoFocus: true } : null,
      }}
    >
      {target ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-md border border-(--line) bg-(--surface-muted)/60 px-4 py-3 text-sm">
            <dt className="text-(--fg-subtle)">Merchant</dt>
            <dd className="truncate font-medium">{target.merchantName}</dd>
            <dt className="text-(--fg-subtle)">Provider</dt>
            <dd>{target.providerName}</dd>
            <dt className="text-(--fg-subtle)">Account</dt>
            <dd className="font-mono text-[13px]">{target.account || "—"}</dd>
            <dt className="text-(--fg-subtle)">Credential</dt>
            <dd className="font-mono text-[13px]">{target.credential.id}</dd>
          </dl>
          {error ? <Alert title={enabling ? "Not enabled." : "Not disabled."}>{error}</Alert> : null}
          {enabled && target.provider ? (
            <RetryMatchingEvents credential={target.credential} provider={target.provider} reason="credential_disabled" />
          ) : null}
        </div>
      ) : null}
    </ActionDialog>
  );
}
