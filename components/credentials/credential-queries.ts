"use client";

// Credential reads shared by the credentials pages, and the list's filters as they stand in the
// URL, parsed and written as the filter table (credential-filter-table.ts) declares.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { CredentialDto } from "@/lib/credentials/credential-dto";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { noPageFilters, type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";

export type CredentialPage = Page<CredentialDto>;

export type CredentialFilters = PageFilters<typeof CREDENTIAL_FILTER_TABLE>;

/** Every filter cleared, as a change to the URL. */
export const NO_CREDENTIAL_FILTERS = noPageFilters(CREDENTIAL_FILTER_TABLE);

export const parseCredentialFilters = (params: URLSearchParams) => parsePageFilters(CREDENTIAL_FILTER_TABLE, params);

export function credentialsPath(filters: CredentialFilters, options: { cursor?: string; limit?: number } = {}): string {
  const query = pageFiltersQuery(CREDENTIAL_FILTER_TABLE, filters, { limit: options.limit, cursor: options.cursor });
  return query ? `/v1/credentials?${query}` : "/v1/credentials";
}

export const credentialKeys = {
  all: ["credentials"] as const,
  list: (filters: CredentialFilters) => ["credentials", "list", filters] as const,
};

/** GET /v1/providers (the same cache entry as the Providers page). */

const PAGE_SIZE = 25;

/** The credentials list for the filters, page by page. */
export function useCredentialList(filters: CredentialFilters) {
  return useInfiniteList<CredentialDto>({
    queryKey: credentialKeys.list(filters),
    path: (cursor) => credentialsPath(filters, { cursor, limit: PAGE_SIZE }),
  });
}
