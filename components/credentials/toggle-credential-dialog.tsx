"use client";

// Enable or disable a credential, after a confirmation that says what it changes: a disabled
// credential stops matching notifications, which then fail with credential_disabled. Once it is
// enabled again the dialog stays to offer retrying those events (they match it now).
import { useQueryClient } from "@tanstack/react-query";
import { credentialKeys } from "@/components/credentials/credential-queries";
import { RetryMatchingEvents } from "@/components/credentials/retry-matching-events";
import { ConfirmDialog, type Outcome } from "@/components/ui/confirm-dialog";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
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

function CredentialSummary({ target }: { target: ToggleTarget }) {
  return (
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
  );
}

export function ToggleCredentialDialog({ target, onClose }: { target: ToggleTarget | null; onClose: () => void }) {
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const enabling = target ? !target.credential.enabled : false;

  async function toggle(): Promise<Outcome | undefined> {
    if (!target) return undefined;
    const body = updateCredentialBody.parse({ enabled: enabling });
    await submit<CredentialDto>(`/v1/credentials/${target.credential.id}`, { method: "PATCH", body });
    await queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    showToast({
      title: enabling ? "Credential enabled" : "Credential disabled",
      description: `${target.providerName} · ${target.merchantName}`,
    });
    if (!enabling) return undefined;
    return {
      title: "Credential enabled",
      description: "Notifications for this account are matched to the merchant again.",
      body: (
        <div className="space-y-4">
          <CredentialSummary target={target} />
          {target.provider ? (
            <RetryMatchingEvents credential={target.credential} provider={target.provider} reason="credential_disabled" />
          ) : null}
        </div>
      ),
    };
  }

  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      testId="toggle-credential-dialog"
      title={enabling ? "Enable this credential?" : "Disable this credential?"}
      description={
        enabling
          ? "Notifications for this account will be matched to the merchant again."
          : "Notifications for this account will fail with “credential disabled” until it is enabled again. Nothing is deleted."
      }
      errorTitle={enabling ? "Not enabled." : "Not disabled."}
      confirm={{
        run: toggle,
        failure: "The service did not answer. The credential is unchanged; try again.",
        label: enabling ? "Enable credential" : "Disable credential",
        pendingLabel: enabling ? "Enabling…" : "Disabling…",
        danger: !enabling,
        autoFocus: true,
      }}
    >
      {target ? <CredentialSummary target={target} /> : null}
    </ConfirmDialog>
  );
}
