"use client";

// The credentials list: filters in the URL, pages loaded as the table scrolls, details on
// demand (secrets masked as the API gives them), enable and disable behind a confirmation.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { Fragment, useState } from "react";
import { CredentialDetails } from "@/components/credentials/credential-details";
import { identifiersOf, KIND_SHORT_LABELS, STATUS_LABELS, STATUS_TONES } from "@/components/credentials/credential-display";
import { CredentialFilterBar } from "@/components/credentials/credential-filter-bar";
import {
  type CredentialPage,
  credentialKeys,
  credentialsPath,
  parseCredentialFilters,
  useProviders,
} from "@/components/credentials/credential-queries";
import { ToggleCredentialDialog, type ToggleTarget } from "@/components/credentials/toggle-credential-dialog";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { useApiFetch } from "@/components/providers/use-api-fetch";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { DataTable, InfiniteQueryFooter, SkeletonRows, TBody, Td, THead, Th, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { LinkButton } from "@/components/ui/link-button";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Toaster } from "@/components/ui/toast";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { formatCnpj } from "@/lib/merchants/cnpj";

const PAGE_SIZE = 25;

function EnabledState({ enabled }: { enabled: boolean }) {
  return (
    <span
      className={cx("mt-1 flex items-center gap-1.5 text-xs", enabled ? "text-(--fg-muted)" : "font-medium text-(--danger)")}
      data-testid="credential-state"
    >
      <span aria-hidden="true" className={cx("size-1.5 rounded-full", enabled ? "bg-(--success)" : "bg-(--danger)")} />
      {enabled ? "Enabled" : "Disabled"}
    </span>
  );
}

export function CredentialsView({ canWrite }: { canWrite: boolean }) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  const [filters, setFilters] = useUrlFilters(parseCredentialFilters);
  const providers = useProviders();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [toggleTarget, setToggleTarget] = useState<ToggleTarget | null>(null);

  const query = useInfiniteQuery({
    queryKey: credentialKeys.list(filters),
    queryFn: ({ pageParam }) => apiFetch<CredentialPage>(credentialsPath(filters, { cursor: pageParam, limit: PAGE_SIZE })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.metadata.has_more ? (last.metadata.cursor ?? undefined) : undefined),
    enabled: status === "authenticated",
  });

  const credentials = query.data?.pages.flatMap((p) => p.data) ?? [];
  const merchants = useMerchantsById(credentials.map((c) => c.merchantId));
  const providersById = new Map((providers.data ?? []).map((p) => [p.id, p]));
  const filtered = Boolean(
    filters.merchantId || filters.providerId || filters.enabled || filters.merchantIdentifier || filters.terminalIdentifier,
  );
  const columns = canWrite ? 6 : 5;

  function toggleExpanded(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

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

      {query.isError && credentials.length === 0 ? (
        <LoadError title="The credentials could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.isPending && credentials.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<ControlIcon name="filterOff" className="size-5" />}
            title="No credentials match these filters"
            action={
              <Button
                variant="secondary"
                onClick={() =>
                  setFilters({
                    merchantId: undefined,
                    providerId: undefined,
                    enabled: undefined,
                    merchantIdentifier: undefined,
                    terminalIdentifier: undefined,
                  })
                }
              >
                Clear filters
              </Button>
            }
          >
            Remove a filter, or choose another merchant, provider or state.
          </EmptyState>
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
      ) : (
        <DataTable
          caption="Credentials"
          testId="credentials-table"
          footer={<InfiniteQueryFooter query={query} shown={credentials.length} noun={["credential", "credentials"]} />}
        >
          <THead>
            <Th>Merchant</Th>
            <Th>Provider</Th>
            <Th>Account</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            {canWrite ? (
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            ) : null}
          </THead>
          {query.isPending ? (
            <SkeletonRows columns={columns} />
          ) : (
            <TBody>
              {credentials.map((credential) => {
                const provider = providersById.get(credential.providerId);
                const merchant = merchants.get(credential.merchantId);
                const identifiers = provider ? identifiersOf(provider.authenticationFields, credential.authenticationData) : [];
                const account = identifiers.map((i) => `${i.label} ${i.value}`).join(" · ");
                const open = expanded.has(credential.id);
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
                            onClick={() => toggleExpanded(credential.id)}
                            className="-ml-1.5 shrink-0 rounded p-1 text-(--fg-subtle) hover:bg-(--surface-muted) hover:text-(--fg)"
                          >
                            <ControlIcon name="chevronRight" className={cx("size-4 transition-transform", open && "rotate-90")} />
                            <span className="sr-only">Details of credential {credential.id}</span>
                          </button>
                          <div className="min-w-0">
                            {merchant ? (
                              <>
                                <p className="truncate font-medium" title={merchant.name}>
                                  {merchant.name}
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
                                <span className="inline-block min-w-8 font-sans text-xs text-(--fg-subtle)">{i.label}</span>{" "}
                                {i.value}
                              </p>
                            ))
                          : "—"}
                      </Td>
                      <Td className="whitespace-nowrap">
                        <Badge tone={STATUS_TONES[credential.status]}>{STATUS_LABELS[credential.status]}</Badge>
                        <EnabledState enabled={credential.enabled} />
                      </Td>
                      <Td className="whitespace-nowrap text-(--fg-muted)">
                        <DateTime iso={credential.createdAt} />
                      </Td>
                      {canWrite ? (
                        <Td className="text-right whitespace-nowrap">
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
                      <tr id={detailsId} className="bg-(--surface-muted)/50">
                        <td colSpan={columns} className="px-4 pt-1 pb-4">
                          <CredentialDetails credential={credential} provider={provider} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </TBody>
          )}
        </DataTable>
      )}
      {query.isPending ? (
        <p role="status" className="sr-only">
          Loading credentials…
        </p>
      ) : null}
      {canWrite ? <ToggleCredentialDialog target={toggleTarget} onClose={() => setToggleTarget(null)} /> : null}
    </>
  );
}
