// The circuit breaker of a webhook endpoint. An endpoint that keeps timing out (or refusing or
// dropping connections) holds a worker slot for the whole timeout on every attempt, so after
// WEBHOOK_CIRCUIT_THRESHOLD of them in a row its circuit opens: the claim (claim-deliveries.ts)
// takes none of its deliveries, which stay pending without spending attempts, until the
// cool-down ends; then it takes exactly one, the probe (the claim moves circuit_probe_at to the
// probe's lease end, so one instance probes). A probe that gets any HTTP answer closes the
// circuit (the breaker is about time held, retries are about the answer); any other outcome
// reopens it for twice the cool-down, up to WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS. Opening and closing
// are audited (by the system); a failed probe is only logged, or a dead endpoint would write an
// entry every few minutes for days.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { ErrorClass } from "@/lib/webhooks/egress/send-webhook";

/**
 * Outcomes that held the slot until the deadline or say nothing answers: they count toward opening.
 * A protocol_error (a 101, another protocol's bytes) is no HTTP answer either: nothing there
 * will ever take a delivery.
 */
export const stalled = (errorClass: ErrorClass | null) =>
  errorClass === "timeout" ||
  errorClass === "connection_refused" ||
  errorClass === "connection_error" ||
  errorClass === "protocol_error";

/** The cool-down after `failedProbes` failed probes: doubled each time, capped. */
export function circuitCooldownMs(failedProbes: number): number {
  const { cooldownMs, maxCooldownMs } = env().webhooks.circuit;
  return Math.min(maxCooldownMs, cooldownMs * 2 ** Math.min(failedProbes, 30));
}

type CircuitRow = { circuit_opened_at: Date | null; circuit_failed_probes: number; consecutive_stalls: number };

/** Opens the circuit of an endpoint whose stalls in a row reached the threshold (once; audited). */
export async function openCircuit(endpointId: string): Promise<void> {
  const cooldownMs = circuitCooldownMs(0);
  const opened = await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<CircuitRow[]>`
      SELECT circuit_opened_at, circuit_failed_probes, consecutive_stalls FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
    if (!row || row.circuit_opened_at !== null || row.consecutive_stalls < env().webhooks.circuit.threshold) return false;
    const [after] = await tx.$queryRaw<{ opened_at: Date; probe_at: Date }[]>`
      UPDATE webhook_endpoints SET circuit_opened_at = clock_timestamp(), circuit_failed_probes = 0,
        circuit_probe_at = clock_timestamp() + ${cooldownMs}::int * interval '1 millisecond'
      WHERE id = ${endpointId} RETURNING circuit_opened_at AS opened_at, circuit_probe_at AS probe_at`;
    await recordAuditEntry(tx, {
      caller: null,
      action: "webhook_endpoint.circuit_open",
      targetId: endpointId,
      before: { circuit: "closed" },
      after: {
        circuit: "open",
        consecutiveStalls: row.consecutive_stalls,
        openedAt: new Date(after!.opened_at).toISOString(),
        nextProbeAt: new Date(after!.probe_at).toISOString(),
      },
    });
    return true;
  });
  if (opened) logger().warn({ endpointId, cooldownMs }, "webhook endpoint circuit opened");
}

/** After a probe: closes the circuit (answered; audited) or reopens it for a longer cool-down. */
export async function settleProbe(endpointId: string, answered: boolean, failedProbes: number): Promise<void> {
  if (answered) {
    const closed = await db().$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<CircuitRow[]>`
        SELECT circuit_opened_at, circuit_failed_probes, consecutive_stalls FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
      if (!row?.circuit_opened_at) return false;
      await tx.$executeRaw`
        UPDATE webhook_endpoints SET circuit_opened_at = NULL, circuit_probe_at = NULL, circuit_failed_probes = 0, consecutive_stalls = 0
        WHERE id = ${endpointId}`;
      await recordAuditEntry(tx, {
        caller: null,
        action: "webhook_endpoint.circuit_close",
        targetId: endpointId,
        before: {
          circuit: "open",
          openedAt: new Date(row.circuit_opened_at).toISOString(),
          failedProbes: row.circuit_failed_probes,
        },
        after: { circuit: "closed" },
      });
      return true;
    });
    if (closed) logger().info({ endpointId }, "webhook endpoint circuit closed");
    return;
  }
  // One probe at a time (the claim's lease on it), so failedProbes is the row's count.
  const cooldownMs = circuitCooldownMs(failedProbes + 1);
  const reopened = await db().$executeRaw`
    UPDATE webhook_endpoints SET circuit_failed_probes = ${failedProbes + 1}::int,
      circuit_probe_at = clock_timestamp() + ${cooldownMs}::int * interval '1 millisecond'
    WHERE id = ${endpointId} AND circuit_opened_at IS NOT NULL`;
  if (reopened > 0) logger().warn({ endpointId, cooldownMs }, "webhook endpoint probe failed: circuit reopened");
}
