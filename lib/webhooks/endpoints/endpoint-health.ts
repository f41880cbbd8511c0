// Endpoint health for the list and the dashboard: success rate and p50 latency of the attempts of
// the last 24 hours, the last error, the next retry, the circuit breaker (lib/webhooks/delivery/endpoint-circuit.ts).
// One aggregate query per page of endpoints.
import "server-only";
import { z } from "zod";
import { sql } from "@/lib/db/client";

export const endpointHealthSchema = z.strictObject({
  attempts24h: z.int().nonnegative(),
  successRate24h: z.number().nullable().describe("Share of 2xx attempts over 24 h, 0 to 1; null without attempts"),
  p50LatencyMs24h: z.number().nullable(),
  lastError: z
    .strictObject({ at: z.iso.datetime({ precision: 3 }), errorClass: z.string(), statusCode: z.int().nullable() })
    .nullable(),
  nextRetryAt: z.iso.datetime({ precision: 3 }).nullable().describe("The earliest retry scheduled after a failure"),
  pendingDeliveries: z.int().nonnegative(),
  circuit: z
    .strictObject({
      state: z.enum(["closed", "open"]).describe("open: deliveries wait (pending, no attempt spent) but one probe"),
      openedAt: z.iso.datetime({ precision: 3 }).nullable(),
      nextProbeAt: z.iso
        .datetime({ precision: 3 })
        .nullable()
        .describe("When the one probe attempt goes (while it is in flight: when its lease ends)"),
      consecutiveStalls: z.int().nonnegative().describe("Timeouts and connection failures in a row"),
    })
    .describe("The circuit breaker: opened by consecutive timeouts or connection failures, closed by an answered probe"),
});
export type EndpointHealth = z.output<typeof endpointHealthSchema>;

const HEALTH_SQL = `
SELECT w.id,
  (SELECT count(*)::int FROM webhook_delivery_attempts a WHERE a.endpoint_id = w.id AND a.started_at > now() - interval '24 hours') AS attempts,
  (SELECT count(*)::int FROM webhook_delivery_attempts a WHERE a.endpoint_id = w.id AND a.started_at > now() - interval '24 hours' AND a.error_class IS NULL) AS ok,
  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms) FROM webhook_delivery_attempts a
    WHERE a.endpoint_id = w.id AND a.started_at > now() - interval '24 hours') AS p50,
  (SELECT json_build_object('at', a.started_at, 'errorClass', a.error_class, 'statusCode', a.status_code)
    FROM webhook_delivery_attempts a WHERE a.endpoint_id = w.id AND a.error_class IS NOT NULL
    ORDER BY a.started_at DESC LIMIT 1) AS last_error,
  (SELECT min(d.next_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'pending' AND d.attempt_count > d.schedule_offset) AS next_retry,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'pending') AS pending,
  w.circuit_opened_at, w.circuit_probe_at, w.consecutive_stalls
FROM webhook_endpoints w WHERE w.id = ANY ($1::varchar[])`;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export async function endpointHealth(ids: string[]): Promise<Map<string, EndpointHealth>> {
  const result = new Map<string, EndpointHealth>();
  if (ids.length === 0) return result;
  const rows = await sql({ name: "webhooks_endpoint_health", text: HEALTH_SQL, values: [ids] });
  for (const row of rows) {
    const attempts = Number(row.attempts);
    const lastError = (typeof row.last_error === "string" ? JSON.parse(row.last_error) : row.last_error) as {
      at: string;
      errorClass: string;
      statusCode: number | null;
    } | null;
    result.set(row.id as string, {
      attempts24h: attempts,
      successRate24h: attempts > 0 ? Number(row.ok) / attempts : null,
      p50LatencyMs24h: row.p50 === null ? null : Number(row.p50),
      lastError: lastError ? { ...lastError, at: new Date(lastError.at).toISOString() } : null,
      nextRetryAt: iso(row.next_retry),
      pendingDeliveries: Number(row.pending),
      circuit: {
        state: row.circuit_opened_at ? "open" : "closed",
        openedAt: iso(row.circuit_opened_at),
        nextProbeAt: iso(row.circuit_probe_at),
        consecutiveStalls: Number(row.consecutive_stalls),
      },
    });
  }
  return result;
}
