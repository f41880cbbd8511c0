"use client";

// Bulk retry from the browser: how many failed events a filter holds (GET /v1/webhooks/events/count),
// starting the job (POST /v1/webhooks/events/retry) and following its progress until it is done.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventCountDto, RetryJobDto } from "@/lib/events/retry/bulk-retry-schemas";

const POLL_MS = 500;

/** The API query of a filter as the count and the retry take it: paging and sort left out, failed only. */
export function failedFilterParams(apiQuery: string): Record<string, string> {
  const params = new URLSearchParams(apiQuery);
  params.delete("sort");
  params.delete("status");
  return { ...Object.fromEntries(params), status: "failed" };
}

export function useFailedEventCount(filters: Record<string, string>, enabled: boolean) {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  const query = new URLSearchParams(filters).toString();
  return useQuery<EventCountDto>({
    queryKey: ["events", "count", query],
    queryFn: ({ signal }) => apiFetch<EventCountDto>(`/v1/webhooks/events/count?${query}`, { signal }),
    enabled: enabled && status === "authenticated",
    staleTime: 5_000,
  });
}

export function useStartBulkRetry() {
  const apiFetch = useApiFetch();
  return useMutation({
    mutationFn: (filters: Record<string, string>) =>
      apiFetch<RetryJobDto>("/v1/webhooks/events/retry", { method: "POST", body: JSON.stringify({ filters }) }),
  });
}

/** The job, polled while it runs; when it is done, every events view and the overview load again. */
export function useRetryJob(id: string | undefined) {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  return useQuery<RetryJobDto>({
    queryKey: ["event-retry-job", id],
    queryFn: async ({ signal }) => {
      const job = await apiFetch<RetryJobDto>(`/v1/event-retry-jobs/${encodeURIComponent(id ?? "")}`, { signal });
      if (job.status === "done") {
        void queryClient.invalidateQueries({ queryKey: ["events"] });
        void queryClient.invalidateQueries({ queryKey: ["event"] });
        void queryClient.invalidateQueries({ queryKey: ["overview"] });
      }
      return job;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === "done" ? false : POLL_MS),
  });
}
