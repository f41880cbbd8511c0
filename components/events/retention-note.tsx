"use client";

// One line under the events list saying how far back history goes (GET /v1/webhooks/events/retention),
// so that an operator looking for an old event knows whether it can still be there.
import { useEventRetention } from "@/components/events/use-event-retention";

export function RetentionNote() {
  const retention = useEventRetention();
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
