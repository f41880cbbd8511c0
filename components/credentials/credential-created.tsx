"use client";

// The one screen that shows a new credential's secrets: its id to copy, the authentication data
// as the creation response returned it, and the warning that secrets are masked from now on.
// Nothing here is cached: leaving this screen forgets the secrets.
import { useEffect, useRef } from "react";
import { KIND_LABELS } from "@/components/credentials/credential-display";
import { CredentialStateBadge } from "@/components/credentials/credential-state-badge";
import { RetryMatchingEvents } from "@/components/credentials/retry-matching-events";
import { useMerchant } from "@/components/merchants/merchant-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ControlIcon } from "@/components/ui/control-icons";
import { CopyButton } from "@/components/ui/copy-button";
import { Icon } from "@/components/ui/icons";
import { LinkButton } from "@/components/ui/link-button";
import type { CreatedCredentialDto } from "@/lib/credentials/credential-dto";
import type { CredentialStatus } from "@/lib/credentials/schemas";
import { credentialsLink } from "@/lib/links/list-links";
import { formatCnpj } from "@/lib/merchants/cnpj";
import type { ProviderDto } from "@/lib/providers/list-providers";

export type CreatedContext = { credential: CreatedCredentialDto; provider: ProviderDto; status: CredentialStatus };

export function CredentialCreated({ context, onCreateAnother }: { context: CreatedContext; onCreateAnother: () => void }) {
  const { credential, provider, status } = context;
  const merchant = useMerchant(credential.merchantId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const secrets = provider.authenticationFields.filter((f) => f.secret && credential.authenticationData[f.name]);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Card className="mx-auto max-w-3xl" data-testid="credential-created">
      <div className="flex items-start gap-4 border-b border-(--line) px-6 py-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-(--success-soft) text-(--success)">
          <ControlIcon name="check" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-(--fg) outline-none">
            Credential created
          </h2>
          <p className="mt-1 text-sm text-(--fg-muted)">
            {provider.displayName} is linked to {merchant.data?.name ?? "the merchant"}. It starts enabled, in test mode.
          </p>
        </div>
      </div>

      <div className="space-y-6 px-6 py-5">
        <div>
          <p className="text-xs font-medium tracking-wide text-(--fg-subtle) uppercase">Credential ID</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-3">
            <code
              className="rounded-md border border-(--line) bg-(--surface-muted) px-3 py-1.5 font-mono text-base text-(--fg)"
              data-testid="created-credential-id"
            >
              {credential.id}
            </code>
            <CopyButton value={credential.id} label="Copy ID" />
          </div>
        </div>

        <RetryMatchingEvents credential={credential} provider={provider} />

        {secrets.length > 0 ? (
          <div role="note" className="rounded-md border border-(--warning)/30 bg-(--warning-soft) px-4 py-3 text-sm text-(--fg)">
            <p className="flex items-center gap-2 font-medium text-(--warning)">
              <Icon name="lock" className="size-4" />
              Copy the secret now
            </p>
            <p className="mt-1 text-(--fg-muted)">
              {secrets.map((f) => f.label).join(" and ")} {secrets.length === 1 ? "is" : "are"} shown on this screen only: every
              later read shows {secrets.length === 1 ? "it" : "them"} masked, and nobody can read{" "}
              {secrets.length === 1 ? "it" : "them"} back.
            </p>
          </div>
        ) : null}

        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-(--fg-subtle)">Merchant</dt>
          <dd>
            {merchant.data ? (
              <>
                <span className="font-medium">{merchant.data.name}</span>{" "}
                <span className="font-mono text-xs text-(--fg-subtle)">{formatCnpj(merchant.data.taxId)}</span>
              </>
            ) : (
              <span className="font-mono text-[13px]">{credential.merchantId}</span>
            )}
          </dd>
          <dt className="text-(--fg-subtle)">Provider</dt>
          <dd>
            {provider.displayName} <span className="text-(--fg-subtle)">· {KIND_LABELS[provider.kind] ?? provider.kind}</span>
          </dd>
          <dt className="text-(--fg-subtle)">Status</dt>
          <dd>
            <CredentialStateBadge enabled={credential.enabled} status={status} testMode={credential.testMode} />
          </dd>
          {provider.authenticationFields
            .filter((f) => credential.authenticationData[f.name])
            .map((f) => (
              <div key={f.name} className="contents">
                <dt className="flex items-center gap-1.5 text-(--fg-subtle)">
                  {f.label}
                  {f.secret ? <Icon name="lock" className="size-3.5 text-(--warning)" /> : null}
                </dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <code className="font-mono text-[13px] break-all" data-testid={`created-${f.name}`}>
                    {credential.authenticationData[f.name]}
                  </code>
                  {f.secret ? (
                    <>
                      <Badge tone="warning">Shown once</Badge>
                      <CopyButton
                        value={credential.authenticationData[f.name] ?? ""}
                        label={`Copy ${f.label.toLowerCase()}`}
                        variant="ghost"
                        className="h-7 px-2 text-xs"
                      />
                    </>
                  ) : null}
                </dd>
              </div>
            ))}
        </dl>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-lg border-t border-(--line) bg-(--surface-muted)/60 px-6 py-3">
        <Button variant="secondary" onClick={onCreateAnother}>
          <ControlIcon name="plus" />
          Create another
        </Button>
        <LinkButton href={credentialsLink({ merchantId: credential.merchantId })}>View the merchant’s credentials</LinkButton>
      </div>
    </Card>
  );
}
