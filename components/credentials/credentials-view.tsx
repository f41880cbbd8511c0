"use client";

// The credentials list: filters in the URL, pages loaded as the table scrolls, details on
// demand (secrets masked as the API gives them), enable and disable behind a confirmation.
import { useState } from "react";
import { CredentialFilterBar } from "@/components/credentials/credential-filter-bar";
import { NO_CREDENTIAL_FILTERS, parseCredentialFilters, useCredentialList } from "@/components/credentials/credential-queries";
import { CredentialRow } from "@/components/credentials/credential-row";
import { EditCredentialDialog, type EditTarget } from "@/components/credentials/edit-credential-dialog";
import { ToggleCredentialDialog, type ToggleTarget } from "@/components/credentials/toggle-credential-dialog";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { useProviders } from "@/components/providers/provider-queries";
import { ControlIcon } from "@/components/ui/control-icons";
import { EmptyState } from "@/components/ui/empty-state";
import { activeCount, FilterFold } from "@/components/ui/filter-fold";
import { LinkButton } from "@/components/ui/link-button";
import { ACTIONS_COLUMN, type Column, InfiniteListTable } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toast";
import { useExpandedRows } from "@/components/ui/use-expanded-rows";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { pageFiltersActive } from "@/lib/paging/list-filter-table";

/** On a phone: the merchant, the provider and the account's MID/TID, the state and when it was made. */
const CREDENTIAL_CARD = { title: "Merchant", lines: ["Provider", "Account"], badge: "Status", time: "Created" };

/** The empty list: nothing matches the filters, or no credential exists yet. */
function NoCredentials({ filtered, canWrite, onClear }: { filtered: boolean; canWrite: boolean; onClear: () => void }) {
  if (filtered) {
    return (
      <NoMatches narrowedBy="filters" title="No credentials match these filters" onClear={onClear}>
        Remove a filter, or choose another merchant, provider or state.
      </NoMatches>
    );
  }
  return (
    <EmptyState
      icon="credentials"
      title="No credentials yet"
      action={canWrite ? <NewCredentialLink href="/credentials/new" /> : undefined}
    >
      {canWrite
        ? "Link a merchant to an acquirer account: choose the merchant and the provider, then enter the identifiers the acquirer issued."
        : "Credentials appear here once an operator links a merchant to an acquirer."}
    </EmptyState>
  );
}

function NewCredentialLink({ href }: { href: string }) {
  return (
    <LinkButton href={href}>
      <ControlIcon name="plus" />
      New credential
    </LinkButton>
  );
}

export function CredentialsView({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useUrlFilters(parseCredentialFilters);
  const providers = useProviders();
  const expanded = useExpandedRows();
  const [toggleTarget, setToggleTarget] = useState<ToggleTarget | null>(null);
  const [editTarget, setEditTarget] = useState<EditTarget | null>(null);

  const query = useCredentialList(filters);

  const credentials = query.data?.pages.flatMap((p) => p.data) ?? [];
  const merchants = useMerchantsById(credentials.map((c) => c.merchantId));
  const providersById = new Map((providers.data ?? []).map((p) => [p.id, p]));
  const filtered = pageFiltersActive(filters);
  const columns: Column[] = ["Merchant", "Provider", "Account", "Status", "Created", ...(canWrite ? [ACTIONS_COLUMN] : [])];

  const newHref = filters.merchantId ? `/credentials/new?merchantId=${filters.merchantId}` : "/credentials/new";

  return (
    <>
      <PageHeader
        title="Credentials"
        description="Each credential links a merchant to an acquirer account. Notifications are matched to merchants through the enabled credentials’ identifiers."
        actions={canWrite ? <NewCredentialLink href={newHref} /> : undefined}
      />
      <Toaster />
      <FilterFold active={activeCount(filters)}>
        <CredentialFilterBar filters={filters} onChange={setFilters} providers={providers.data} />
      </FilterFold>

      <InfiniteListTable
        query={query}
        noun={["credential", "credentials"]}
        empty={<NoCredentials filtered={filtered} canWrite={canWrite} onClear={() => setFilters(NO_CREDENTIAL_FILTERS)} />}
        caption="Credentials"
        testId="credentials-table"
        columns={columns}
        card={CREDENTIAL_CARD}
      >
        {credentials.map((credential) => (
          <CredentialRow
            key={credential.id}
            credential={credential}
            provider={providersById.get(credential.providerId)}
            merchant={merchants.get(credential.merchantId)}
            canWrite={canWrite}
            columns={columns.length}
            open={expanded.isOpen(credential.id)}
            onToggleDetails={() => expanded.toggle(credential.id)}
            setEditTarget={setEditTarget}
            setToggleTarget={setToggleTarget}
          />
        ))}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading credentials…</LoadingStatus> : null}
      {canWrite ? <ToggleCredentialDialog target={toggleTarget} onClose={() => setToggleTarget(null)} /> : null}
      {canWrite ? <EditCredentialDialog target={editTarget} onClose={() => setEditTarget(null)} /> : null}
    </>
  );
}
