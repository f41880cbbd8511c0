// One credential in full, under its row: authentication data as the API returns it (secret
// fields masked, like ••••3f9a), additional data, and the bookkeeping fields.
import type { ReactNode } from "react";
import { KIND_LABELS, shortLabel } from "@/components/credentials/credential-display";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Icon } from "@/components/ui/icons";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import type { ProviderDto } from "@/lib/providers/list-providers";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-xs font-medium tracking-wide text-(--fg-subtle) uppercase">{title}</h3>
      {children}
    </div>
  );
}

const DL = "grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm";

export function CredentialDetails({ credential, provider }: { credential: CredentialDto; provider: ProviderDto | undefined }) {
  const labels = new Map(
    [...(provider?.authenticationFields ?? []), ...(provider?.additionalDataFields ?? [])].map((f) => [f.name, f]),
  );
  const authentication = credential.authenticationData;
  const additional = Object.entries(credential.additionalData ?? {});
  return (
    <div className="rounded-md border border-(--line) bg-(--surface)" data-testid="credential-details">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-(--line) px-4 py-2.5">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <span className="text-(--fg-subtle)">Credential</span>
          <span className="font-mono text-[13px] text-(--fg)">{credential.id}</span>
        </p>
        <CopyButton value={credential.id} label="Copy ID" variant="ghost" className="h-7 px-2 text-xs" />
      </div>
      <div className="grid gap-6 px-4 py-4 md:grid-cols-3">
        <Section title="Authentication">
          {authentication ? (
            <dl className={DL}>
              {Object.entries(authentication).map(([name, value]) => {
                const field = labels.get(name);
                return (
                  <div key={name} className="contents">
                    <dt className="text-(--fg-subtle)">{field ? shortLabel(field.label) : name}</dt>
                    <dd className="flex items-center gap-1.5 font-mono text-[13px] break-all">
                      {field?.secret ? (
                        <>
                          <Icon name="lock" className="size-3.5 shrink-0 text-(--warning)" />
                          <span className="sr-only">Secret, masked: </span>
                        </>
                      ) : null}
                      {value}
                    </dd>
                  </div>
                );
              })}
            </dl>
          ) : (
            <p className="text-sm text-(--danger)">
              The stored authentication data cannot be decrypted. Send it again in full to repair this credential.
            </p>
          )}
        </Section>
        <Section title="Additional data">
          {additional.length > 0 ? (
            <dl className={DL}>
              {additional.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-(--fg-subtle)">{labels.get(name) ? shortLabel(labels.get(name)!.label) : name}</dt>
                  <dd className="font-mono text-[13px] break-all">{String(value)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-(--fg-subtle)">None</p>
          )}
        </Section>
        <Section title="Record">
          <dl className={DL}>
            <dt className="text-(--fg-subtle)">Kind</dt>
            <dd>{provider ? (KIND_LABELS[provider.kind] ?? provider.kind) : "—"}</dd>
            <dt className="text-(--fg-subtle)">Mode</dt>
            <dd>{credential.testMode ? "Test" : "Live"}</dd>
            <dt className="text-(--fg-subtle)">Subacquirer</dt>
            <dd className="truncate font-mono text-[13px]" title={credential.subacquirerId}>
              {credential.subacquirerId}
            </dd>
            <dt className="text-(--fg-subtle)">Updated</dt>
            <dd>
              <DateTime iso={credential.updatedAt} />
            </dd>
          </dl>
        </Section>
      </div>
    </div>
  );
}
