// The queues: the oldest pending event (the worker has not decided it), or the delivery due the
// longest without an attempt (of an enabled endpoint whose circuit is closed: an open circuit
// holds its deliveries on purpose), older than ALERT_QUEUE_AGE_SECONDS. Both are the first entry
// of a partial index on the pending rows (events_pending_queue_idx, webhook_deliveries_due_idx),
// so the cost follows the queue, not the tables.
import "server-only";
import { type AlertRule, type Finding, isoOf } from "@/lib/alerts/finding";
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";

const QUEUES_SQL = `
SELECT
  (SELECT min(created_at) FROM events WHERE status = 'pending') AS events_oldest,
  (SELECT min(d.next_attempt_at) FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
    WHERE d.status = 'pending' AND w.enabled AND w.circuit_opened_at IS NULL) AS deliveries_oldest`;

export const queueRule: AlertRule = {
  kinds: ["queue_stalled"],
  async find(now) {
    const limitSeconds = env().alerts.queueAgeSeconds;
    const [row] = await sql({ name: "alerts_queues", text: QUEUES_SQL, values: [] });
    const findings: Finding[] = [];
    for (const queue of ["events", "deliveries"] as const) {
      const oldest = row?.[`${queue}_oldest`];
      if (!oldest) continue;
      const ageSeconds = Math.round((now.getTime() - new Date(oldest as string).getTime()) / 1000);
      if (ageSeconds <= limitSeconds) continue;
      findings.push({
        kind: "queue_stalled",
        subjectType: "queue",
        subjectId: queue,
        reason: "",
        merchantId: null,
        details: { oldestAt: isoOf(oldest), ageSeconds, thresholdSeconds: limitSeconds },
      });
    }
    return findings;
  },
};
