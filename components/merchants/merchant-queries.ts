"use client";

// Merchant reads shared by the pages: the searchable list, one merchant by id, and the names of
// the merchants a table shows (fetched once each, then served from the cache).
import { keepPreviousData, type QueryClient, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import { pageFiltersQuery } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";

export const merchantKeys = {
  all: ["merchants"] as const,
  list: (search: string | undefined) => ["merchants", "list", { search }] as const,
  search: (text: string) => ["merchants", "search", text] as const,
  detail: (id: string) => ["merchants", "detail", id] as const,
};

export function merchantsPath(options: { search?: string; cursor?: string; limit?: number }): string {
  const { cursor, limit } = options;
  const query = pageFiltersQuery(MERCHANT_FILTER_TABLE, { search: options.search?.trim() }, { limit, cursor });
  return query ? `/v1/merchants?${query}` : "/v1/merchants";
}

/** Seeds the by-id cache from a list page, so tables and pickers need no second request. */
export function rememberMerchants(client: QueryClient, merchants: MerchantDto[]) {
  for (const merchant of merchants) client.setQueryData(merchantKeys.detail(merchant.id), merchant);
}

export function useMerchant(id: string | undefined) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey: merchantKeys.detail(id ?? ""),
    queryFn: () => apiFetch<MerchantDto>(`/v1/merchants/${encodeURIComponent(id ?? "")}`),
    enabled: status === "authenticated" && Boolean(id),
    staleTime: 5 * 60_000,
  });
}

/** The first 8 merchants matching what is typed in a picker, once `engaged`; they fill the by-id cache. */
export function useMerchantMatches(search: string, engaged: boolean) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: merchantKeys.search(search),
    queryFn: async () => {
      const page = await apiFetch<MerchantPage>(merchantsPath({ search, limit: 8 }));
      rememberMerchants(queryClient, page.data);
      return page.data;
    },
    enabled: status === "authenticated" && engaged,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The merchants behind a page of rows, by id (undefined while one loads or if it failed). */
export function useMerchantsById(ids: string[]): Map<string, MerchantDto> {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  const unique = [...new Set(ids)];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: merchantKeys.detail(id),
      queryFn: () => apiFetch<MerchantDto>(`/v1/merchants/${encodeURIComponent(id)}`),
      enabled: status === "authenticated",
      staleTime: 5 * 60_000,
    })),
  });
  const byId = new Map<string, MerchantDto>();
  results.forEach((result, index) => {
    if (result.data) byId.set(unique[index]!, result.data);
  });
  return byId;
}

export type MerchantPage = Page<MerchantDto>;

const PAGE_SIZE = 25;

/** The merchants matching `search` (all without one), page by page; each page fills the by-id cache. */
export function useMerchantList(search: string | undefined) {
  const queryClient = useQueryClient();
  return useInfiniteList<MerchantDto>({
    queryKey: merchantKeys.list(search),
    path: (cursor) => merchantsPath({ search, cursor, limit: PAGE_SIZE }),
    onPage: (page) => rememberMerchants(queryClient, page.data),
  });
}

/**
 * The names of the merchants behind a list's pages, by id: one request per page of rows (GET
 * /v1/merchants?id=...), whose merchants also fill the by-id cache. Ids that are not merchants'
 * (events of unregistered merchants) simply have no name.
 */
export function useMerchantNames(pages: string[][]): Map<string, string> {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  const groups = pages
    .map((ids) => [...new Set(ids.filter((id) => /^[0-9a-v]{20}$/.test(id)))].sort())
    .filter((ids) => ids.length > 0);
  const results = useQueries({
    queries: groups.map((ids) => ({
      queryKey: ["merchants", "names", ids.join(",")],
      queryFn: async () => {
        const page = await apiFetch<Page<MerchantDto>>(`/v1/merchants?id=${ids.join(",")}&limit=100`);
        rememberMerchants(queryClient, page.data);
        return page.data;
      },
      enabled: status === "authenticated",
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<string, string>();
  for (const result of results) for (const merchant of result.data ?? []) names.set(merchant.id, merchant.name);
  return names;
}
