"use client";

// How far back the events' history goes (GET /v1/webhooks/events/retention): changes only when
// retention runs, so it is kept ten minutes. Only staff roles may read it (a merchant account or
// portal session is refused), so it is not asked for on their behalf: a 403 on every page load.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import { can } from "@/lib/access/roles";
import type { EventRetentionDto } from "@/lib/events/retention/retention-schema";

export function useEventRetention() {
  const apiFetch = useApiFetch();
  const { status, data: session } = useSession();
  const role = session?.user.role;
  const mayRead = role !== undefined && role !== "merchant" && can({ role }, "read");
  return useQuery<EventRetentionDto>({
    queryKey: ["events", "retention"],
    queryFn: ({ signal }) => apiFetch<EventRetentionDto>("/v1/webhooks/events/retention", { signal }),
    enabled: status === "authenticated" && mayRead,
    staleTime: 10 * 60_000,
  });
}
