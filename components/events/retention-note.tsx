"use client";

// One line under the events list saying how far back history goes (GET /v1/webhooks/events/retention),
// so that an operator looking for an old event knows whether it can still be there.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventRetentionDto } from "@/lib/events/retention-schema";

export function RetentionNote() {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  const retention = useQuery<EventRetentionDto>({
    queryKey: ["events", "retention"],
    queryFn: ({ signal }) => apiFetch<EventRetentionDto>("/v1/webhooks/events/retention", { signal }),
    enabled: status === "authenticated",
    staleTime: 10 * 60_000,
  });
  const r = retention.data;
  if (!r) return null;
  const text =
    r.retentionMonths === null || r.oldestAvailable === null
      ? "History: every event is kept."
      : `History: events since ${r.oldestAvailable.slice(0, 10)} (UTC) are kept; older months are removed (${r.retentionMonths} ${r.retentionMonths === 1 ? "month" : "months"} of retention).`;
  return (
    <p className="px-1 text-xs text-(--fg-muted)" data-testid="events-retention">
      {text}
    </p>
  );
}
