"use client";

// The overview's read: the counts, series, top failure reasons and payments of a period, refreshed every
// 30 s; the server renders the first answer with the page, for the period it was asked for.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { SeriesPoint } from "@/components/overview/events-chart";
import type { OverviewPeriod } from "@/components/overview/overview-period";
import type { DeclineClass } from "@/lib/declines/abecs-codes";
import type { AcquirerName } from "@/lib/events/data-schema";

export type Decline = { responseCode: string; description: string; declineClass: DeclineClass; count: number };
export type Counts = { processed: number; failed: number; pending: number; total: number };
export type Overview = {
  period: OverviewPeriod;
  from: string;
  to: string;
  bucket: "hour" | "day";
  totals: Counts;
  series: SeriesPoint[];
  topFailureReasons: { reason: string; count: number }[];
  payments: {
    approved: number;
    declined: number;
    approvalRate: number | null;
    topDeclinesByAcquirer: (Decline & { acquirerName: AcquirerName })[];
    topDeclinesByMerchant: (Decline & { merchantId: string; merchantName: string | null })[];
  };
};

const REFRESH_MS = 30_000;

export function useOverview(period: OverviewPeriod, initial: Overview | undefined) {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  return useQuery({
    queryKey: ["overview", period],
    queryFn: ({ signal }) => apiFetch<Overview>(`/v1/stats/overview?period=${period}`, { signal }),
    enabled: status === "authenticated",
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
    initialData: initial?.period === period ? initial : undefined,
  });
}
