"use client";

// One event (GET /v1/webhooks/events/{id}) and its retry. Opened from the table, the row already
// in the list cache is shown at once while the detail (failure reason, attempts) loads.
import { type InfiniteData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventDetail, EventDto, EventPage } from "@/components/events/event-types";

export const eventDetailKey = (id: string) => ["event", id] as const;

function cachedRow(queryClient: ReturnType<typeof useQueryClient>, id: string): EventDto | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<EventPage>>({ queryKey: ["events", "list"] })) {
    for (const page of data?.pages ?? []) {
      const row = page.data.find((e) => e.id === id);
      if (row) return row;
    }
  }
  return undefined;
}

export function useEventDetail(id: string) {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  const { status } = useSession();
  return useQuery<EventDetail>({
    queryKey: eventDetailKey(id),
    queryFn: ({ signal }) => apiFetch<EventDetail>(`/v1/webhooks/events/${encodeURIComponent(id)}`, { signal }),
    placeholderData: (): EventDetail | undefined => {
      const row = cachedRow(queryClient, id);
      return row ? { ...row, failureReason: null, attemptCount: 0, attempts: [] } : undefined;
    },
    enabled: status === "authenticated",
    staleTime: 5_000,
  });
}

/** POST .../retry; the new state goes to the detail, to every cached list page and to the overview. */
export function useRetryEvent(id: string) {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<EventDetail>(`/v1/webhooks/events/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onSuccess: (event) => {
      queryClient.setQueryData(eventDetailKey(id), event);
      queryClient.setQueriesData<InfiniteData<EventPage>>({ queryKey: ["events", "list"] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((e) => (e.id === id ? { ...e, status: event.status, updatedAt: event.updatedAt } : e)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: ["overview"] });
    },
  });
}
