"use client";

// The credentials list: filters in the URL, pages loaded as the table scrolls, details on
// demand (secrets masked as the API gives them), enable and disable behind a confirmation.
import Link from "next/link";
import { Fragment, useState } from "react";
import { CredentialDetails } from "@/components/credentials/credential-details";
import { identifiersOf, KIND_SHORT_LABELS } from "@/components/credentials/credential-display";
import { CredentialFilterBar } from "@/components/credentials/credential-filter-bar";
import {
  credentialFiltersActive,
  NO_CREDENTIAL_FILTERS,
  parseCredentialFilters,
  useCredentialList,
} from "@/components/credentials/credential-queries";
import { CredentialStateBadge } from "@/components/credentials/credential-state-badge";
import { EditCredentialDialog, type EditTarget } from "@/components/credentials/edit-credential-dialog";
import { ToggleCredentialDialog, type ToggleTarget } from "@/components/credentials/toggle-credential-dialog";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { useProviders } from "@/components/providers/provider-queries";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { DetailsRow, Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { LinkButton } from "@/components/ui/link-button";
import { ACTIONS_COLUMN, type Column, InfiniteListTable } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Toaster } from "@/components/ui/toast";
import { useExpandedRows } from "@/components/ui/use-expanded-rows";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { formatCnpj } from "@/lib/merchants/cnpj";

export function CredentialsView({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useUrlFilters(parseCredentialFilters);
  const providers = useProviders();
  const expanded = useExpandedRows();
  const [toggleTarget, setToggleTarget] = useState<ToggleTarget | null>(null);
  const [editTarget, setEditTarget] = useState<EditTarget | null>(null);

  const query = useCredentialList(filters);

  const credentials = query.data?.pages.flatMap((p) => p.data) ?? [];
  const merchants = useMerchantsById(credentials.map((c) => c.merchantId));
  const portal = Boolean(usePortalMerchant());
  const providersById = new Map((providers.data ?? []).map((p) => [p.id, p]));
  const filtered = credentialFiltersActive(filters);
  const columns: Column[] = ["Merchant", "Provider", "Account", "Status", "Created", ...(canWrite ? [ACTIONS_COLUMN] : [])];

  const newHref = filters.merchantId ? `/credentials/new?merchantId=${filters.merchantId}` : "/credentials/new";

  return (
    <>
      <PageHeader
        title="Credentials"
        description="Each credential links a merchant to an acquirer account. Notifications are matched to merchants through the enabled credentials’ identifiers."
        actions={
          canWrite ? (
            <LinkButton href={newHref}>
              <ControlIcon name="plus" />
              New credential
            </LinkButton>
          ) : undefined
        }
      />
      <Toaster />
      <CredentialFilterBar filters={filters} onChange={setFilters} providers={providers.data} />

      <InfiniteListTable
        query={query}
        noun={["credential", "credentials"]}
        empty={
          filtered ? (
            <NoMatches
              narrowedBy="filters"
              title="No credentials match these filters"
              onClear={() => setFilters(NO_CREDENTIAL_FILTERS)}
            >
              Remove a filter, or choose another merchant, provider or state.
            </NoMatches>
          ) : (
            <EmptyState
              icon={<Icon name="credentials" className="size-5" />}
              title="No credentials yet"
              action={
                canWrite ? (
                  <LinkButton href="/credentials/new">
                    <ControlIcon name="plus" />
                    New credential
                  </LinkButton>
                ) : undefined
              }
            >
              {canWrite
                ? "Link a merchant to an acquirer account: choose the merchant and the provider, then enter the identifiers the acquirer issued."
                : "Credentials appear here once an operator links a merchant to an acquirer."}
            </EmptyState>
          )
        }
        caption="Credentials"
        testId="credentials-table"
        columns={columns}
      >
        {credentials.map((credential) => {
          const provider = providersById.get(credential.providerId);
          const merchant = merchants.get(credential.merchantId);
          const identifiers = provider ? identifiersOf(provider.authenticationFields, credential.authenticationData) : [];
          const account = identifiers.map((i) => `${i.label} ${i.value}`).join(" · ");
          const open = expanded.isOpen(credential.id);
          const detailsId = `credential-details-${credential.id}`;
          return (
            <Fragment key={credential.id}>
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
                      onClick={() => expanded.toggle(credential.id)}
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
                  <p className="text-xs text-(--fg-subtle)">
                    {provider ? (KIND_SHORT_LABELS[provider.kind] ?? provider.kind) : ""}
                  </p>
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
                <DetailsRow id={detailsId} columns={columns.length}>
                  <CredentialDetails credential={credential} provider={provider} />
                </DetailsRow>
              ) : null}
            </Fragment>
          );
        })}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading credentials…</LoadingStatus> : null}
      {canWrite ? <ToggleCredentialDialog target={toggleTarget} onClose={() => setToggleTarget(null)} /> : null}
      {canWrite ? <EditCredentialDialog target={editTarget} onClose={() => setEditTarget(null)} /> : null}
    </>
  );
}
