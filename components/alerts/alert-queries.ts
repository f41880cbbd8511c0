"use client";

// The alerts' reads and the acknowledgement: the page's filters as they stand in the URL (as
// alert-filter-table.ts declares), the list page by page, the banner's open alerts (polled), and
// acknowledging one (which loads both again).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { AlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";

const PAGE_SIZE = 30;
/** The banner looks again this often (the rules run every 30 s by default). */
const BANNER_POLL_MS = 30_000;
const BANNER_SIZE = 3;

export type AlertFilters = PageFilters<typeof ALERT_FILTER_TABLE>;

export const parseAlertFilters = (params: URLSearchParams) => parsePageFilters(ALERT_FILTER_TABLE, params);

export function useAlerts(filters: AlertFilters) {
  return useInfiniteList<AlertDto>({
    queryKey: ["alerts", "list", filters],
    path: (cursor) => `/v1/alerts?${pageFiltersQuery(ALERT_FILTER_TABLE, filters, { limit: PAGE_SIZE, cursor })}`,
  });
}

/** The newest open (not acknowledged) alerts, for the banner; has_more says there are others. */
export function useOpenAlerts() {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  return useQuery<Page<AlertDto>>({
    queryKey: ["alerts", "open"],
    queryFn: ({ signal }) => apiFetch<Page<AlertDto>>(`/v1/alerts?state=open&limit=${BANNER_SIZE}`, { signal }),
    enabled: status === "authenticated",
    refetchInterval: BANNER_POLL_MS,
  });
}

export function useAcknowledgeAlert() {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<AlertDto>(`/v1/alerts/${encodeURIComponent(id)}/acknowledge`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["alerts"] }),
  });
}
