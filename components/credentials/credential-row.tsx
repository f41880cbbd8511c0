"use client";

// One row of the credentials list: merchant, provider, the account's identifiers, state and
// creation time; a chevron opens its details, and writers get Edit and Enable/Disable.
import Link from "next/link";
import { Fragment } from "react";
import { CredentialDetails } from "@/components/credentials/credential-details";
import { identifiersOf, KIND_SHORT_LABELS } from "@/components/credentials/credential-display";
import { CredentialStateBadge } from "@/components/credentials/credential-state-badge";
import type { EditTarget } from "@/components/credentials/edit-credential-dialog";
import type { ToggleTarget } from "@/components/credentials/toggle-credential-dialog";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { DetailsRow, Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import { formatCnpj } from "@/lib/merchants/cnpj";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";
import type { ProviderDto } from "@/lib/providers/list-providers";

export function CredentialRow({
  credential,
  provider,
  merchant,
  canWrite,
  columns,
  open,
  onToggleDetails,
  setEditTarget,
  setToggleTarget,
}: {
  credential: CredentialDto;
  provider: ProviderDto | undefined;
  merchant: MerchantDto | undefined;
  canWrite: boolean;
  columns: number;
  open: boolean;
  onToggleDetails: () => void;
  setEditTarget: (target: EditTarget) => void;
  setToggleTarget: (target: ToggleTarget) => void;
}) {
  // A merchant's own portal has no merchant page to link to.
  const portal = Boolean(usePortalMerchant());
  const identifiers = provider ? identifiersOf(provider.authenticationFields, credential.authenticationData) : [];
  const account = identifiers.map((i) => `${i.label} ${i.value}`).join(" · ");
  const detailsId = `credential-details-${credential.id}`;
  return (
    <Fragment>
      <Tr
        data-testid="credential-row"
        data-credential-id={credential.id}
        className={open ? "bg-(--surface-muted)/50" : undefined}
      >
        <Td className="max-w-64">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={onToggleDetails}
              className="-ml-1.5 shrink-0 rounded p-1 text-(--fg-subtle) hover:bg-(--surface-muted) hover:text-(--fg)"
            >
              <ControlIcon name="chevronRight" className={cx("size-4 transition-transform", open && "rotate-90")} />
              <span className="sr-only">Details of credential {credential.id}</span>
            </button>
            <div className="min-w-0">
              {merchant ? (
                <>
                  <p className="truncate font-medium" title={merchant.name}>
                    {portal ? (
                      merchant.name
                    ) : (
                      <Link href={`/merchants/${merchant.id}`} className="hover:underline">
                        {merchant.name}
                      </Link>
                    )}
                  </p>
                  <p className="font-mono text-xs text-(--fg-subtle)">{formatCnpj(merchant.taxId)}</p>
                </>
              ) : (
                <>
                  <Skeleton className="h-3.5 w-36" />
                  <Skeleton className="mt-1.5 h-3 w-28" />
                </>
              )}
            </div>
          </div>
        </Td>
        <Td className="whitespace-nowrap">
          <p className="font-medium">{provider?.displayName ?? "…"}</p>
          <p className="text-xs text-(--fg-subtle)">{provider ? (KIND_SHORT_LABELS[provider.kind] ?? provider.kind) : ""}</p>
        </Td>
        <Td className="font-mono text-[13px] whitespace-nowrap text-(--fg-muted)" data-testid="credential-account">
          {identifiers.length > 0
            ? identifiers.map((i) => (
                <p key={i.label} className="leading-5">
                  <span className="inline-block min-w-8 font-sans text-xs text-(--fg-subtle)">{i.label}</span> {i.value}
                </p>
              ))
            : "—"}
        </Td>
        <Td className="whitespace-nowrap">
          <CredentialStateBadge enabled={credential.enabled} status={credential.status} testMode={credential.testMode} />
        </Td>
        <Td className="whitespace-nowrap text-(--fg-muted)">
          <DateTime iso={credential.createdAt} />
        </Td>
        {canWrite ? (
          <Td className="space-x-2 text-right whitespace-nowrap">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit credential ${credential.id}`}
              disabled={!provider}
              onClick={() =>
                provider && setEditTarget({ credential, provider, merchantName: merchant?.name ?? credential.merchantId })
              }
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${credential.enabled ? "Disable" : "Enable"} credential ${credential.id}`}
              onClick={() =>
                setToggleTarget({
                  credential,
                  provider,
                  providerName: provider?.displayName ?? credential.providerId,
                  merchantName: merchant?.name ?? credential.merchantId,
                  account,
                })
              }
            >
              {credential.enabled ? "Disable" : "Enable"}
            </Button>
          </Td>
        ) : null}
      </Tr>
      {open ? (
        <DetailsRow id={detailsId} columns={columns}>
          <CredentialDetails credential={credential} provider={provider} />
        </DetailsRow>
      ) : null}
    </Fragment>
  );
}
