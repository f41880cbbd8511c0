"use client";

// The merchants list: a search kept in the URL (?search=), pages loaded as the table scrolls.
import Link from "next/link";
import { useState } from "react";
import { useMerchantList } from "@/components/merchants/merchant-queries";
import { EditMerchantButton, NewMerchantButton } from "@/components/merchants/new-merchant-dialog";
import { ControlIcon } from "@/components/ui/control-icons";
import { Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/link-button";
import { ACTIONS_COLUMN, InfiniteListTable } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { PageHeader } from "@/components/ui/page-header";
import { SearchBar } from "@/components/ui/search-bar";
import { Toaster } from "@/components/ui/toast";
import { useTypedFilter } from "@/components/ui/use-typed-filter";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { credentialsLink } from "@/lib/links/list-links";
import { formatCnpj } from "@/lib/merchants/cnpj";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import { filterLabel, parsePageFilters } from "@/lib/paging/list-filter-table";

const MERCHANTS_TABLE = {
  caption: "Merchants",
  testId: "merchants-table",
  columns: ["Merchant", "CNPJ", "Registered", ACTIONS_COLUMN],
  // On a phone: the name, the CNPJ, when it was registered, and the row's links.
  card: { title: "Merchant", lines: ["CNPJ"], time: "Registered" },
};

const parseMerchantFilters = (params: URLSearchParams) => parsePageFilters(MERCHANT_FILTER_TABLE, params);

/** The empty list: nothing matches the search, or nothing is registered yet. */
function NoMerchants({ search, canWrite, onClear }: { search: string | undefined; canWrite: boolean; onClear: () => void }) {
  if (search) {
    return (
      <NoMatches narrowedBy="search" title={`No merchant matches “${search}”`} onClear={onClear}>
        The search looks for a part of the legal name, or the beginning of the CNPJ (with or without the mask).
      </NoMatches>
    );
  }
  return (
    <EmptyState icon="merchants" title="No merchants yet">
      {canWrite
        ? "Register the first merchant with “New merchant”: its legal name and CNPJ are all it takes."
        : "Merchants appear here once an operator registers them."}
    </EmptyState>
  );
}

export function MerchantsView({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useUrlFilters(parseMerchantFilters);
  const [highlight, setHighlight] = useState<string | null>(null);
  const search = useTypedFilter(filters.search ?? "", (next) => setFilters({ search: next.trim() || undefined }));

  const query = useMerchantList(filters.search);

  const merchants = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <PageHeader
        title="Merchants"
        description="The companies whose terminals and stores send payment notifications. Each is identified by its CNPJ."
        actions={canWrite ? <NewMerchantButton onCreated={(m) => setHighlight(m.id)} /> : undefined}
      />
      <Toaster />
      <SearchBar
        label={filterLabel(MERCHANT_FILTER_TABLE, "search")}
        placeholder="Search by name or CNPJ"
        search={search}
        applied={Boolean(filters.search)}
      >
        {query.isFetching && !query.isFetchingNextPage && !query.isPending ? (
          <span className="text-xs text-(--fg-subtle)">Updating…</span>
        ) : null}
      </SearchBar>

      <InfiniteListTable
        query={query}
        noun={["merchant", "merchants"]}
        empty={<NoMerchants search={filters.search} canWrite={canWrite} onClear={() => search.type("")} />}
        {...MERCHANTS_TABLE}
      >
        {merchants.map((merchant) => (
          <Tr
            key={merchant.id}
            data-testid="merchant-row"
            className={merchant.id === highlight ? "bg-(--accent-soft)/60" : undefined}
          >
            <Td>
              <p className="font-medium">
                <Link href={`/merchants/${merchant.id}`} className="hover:underline">
                  {merchant.name}
                </Link>
              </p>
              <p className="font-mono text-xs text-(--fg-subtle)">{merchant.id}</p>
            </Td>
            <Td className="font-mono text-[13px] whitespace-nowrap text-(--fg-muted)">{formatCnpj(merchant.taxId)}</Td>
            <Td className="whitespace-nowrap text-(--fg-muted)">
              <DateTime iso={merchant.createdAt} />
            </Td>
            <Td className="text-right whitespace-nowrap">
              <div className="flex justify-end gap-1">
                <LinkButton
                  variant="ghost"
                  size="sm"
                  href={credentialsLink({ merchantId: merchant.id })}
                  aria-label={`View credentials of ${merchant.name}`}
                >
                  View credentials
                </LinkButton>
                {canWrite ? <EditMerchantButton merchant={merchant} /> : null}
                {canWrite ? (
                  <LinkButton
                    variant="ghost"
                    size="sm"
                    href={`/credentials/new?merchantId=${merchant.id}`}
                    aria-label={`Add credential for ${merchant.name}`}
                  >
                    <ControlIcon name="plus" className="size-3.5" />
                    Add credential
                  </LinkButton>
                ) : null}
              </div>
            </Td>
          </Tr>
        ))}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading merchants…</LoadingStatus> : null}
    </>
  );
}
