"use client";

// How far back the events' history goes (GET /v1/webhooks/events/retention): changes only when
// retention runs, so it is kept ten minutes.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventRetentionDto } from "@/lib/events/retention-schema";

export function useEventRetention() {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  return useQuery<EventRetentionDto>({
    queryKey: ["events", "retention"],
    queryFn: ({ signal }) => apiFetch<EventRetentionDto>("/v1/webhooks/events/retention", { signal }),
    enabled: status === "authenticated",
    staleTime: 10 * 60_000,
  });
}
