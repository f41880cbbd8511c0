// Sends the operational webhooks queued by lib/alerts/alert-outbox.ts with the webhook delivery's
// own parts: the endpoint's signing secrets and Standard Webhooks headers, the guarded sender, the
// retry schedule (WEBHOOK_RETRY_SCHEDULE) and the lease (lib/webhooks/delivery/attempt-delivery.ts,
// retry-schedule.ts, claim-deliveries.ts's leaseMs). A service above both the alerts and the
// webhooks, so that neither imports the other both ways (docs/architecture.md, "Floors"). Their own queue (alert_deliveries, few
// rows) rather than the events' partitioned one: an alert is no event, and a broken alert sink
// must not count toward disabling the endpoint's event deliveries, so these attempts do not touch
// the endpoint's health. Claimed with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moved to
// the lease end), so instances never send one twice at once and a crash leaves it due again. Run
// by the maintenance schedule every second (at most 10 in flight, not awaited by the schedule).
import "server-only";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { type ClaimedDelivery, leaseMs } from "@/lib/webhooks/delivery/claim-deliveries";
import { retryDelayMs } from "@/lib/webhooks/delivery/retry-schedule";

const CLAIM_BATCH = 10;

const CLAIM_SQL = `
WITH due AS (
  SELECT d.id FROM alert_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.enabled
  WHERE d.status = 'pending' AND d.next_attempt_at <= clock_timestamp()
  ORDER BY d.next_attempt_at LIMIT $1::int
  FOR UPDATE OF d SKIP LOCKED
)
UPDATE alert_deliveries d SET attempt_count = d.attempt_count + 1, last_attempt_at = clock_timestamp(),
  next_attempt_at = clock_timestamp() + $2::int * interval '1 millisecond'
FROM due, webhook_endpoints w
WHERE d.id = due.id AND w.id = d.endpoint_id
RETURNING d.id, d.endpoint_id AS "endpointId", d.attempt_count AS "attemptCount", d.body, w.url,
  w.url_set_by_staff AS "urlSetByStaff",
  w.secret_ciphertext AS "secretCiphertext", w.secret_key_version AS "secretKeyVersion",
  w.previous_secret_ciphertext AS "previousSecretCiphertext", w.previous_secret_key_version AS "previousSecretKeyVersion",
  w.previous_secret_expires_at AS "previousSecretExpiresAt"`;

const recordParams = sqlParameters(["id", "attemptCount", "succeeded", "retryDelayMs", "statusCode", "errorClass"]);
const RECORD_SQL = `
UPDATE alert_deliveries SET
  status = CASE WHEN ${recordParams.at.succeeded}::boolean THEN 'succeeded' WHEN ${recordParams.at.retryDelayMs}::int IS NULL THEN 'failed' ELSE 'pending' END,
  next_attempt_at = CASE WHEN ${recordParams.at.succeeded}::boolean OR ${recordParams.at.retryDelayMs}::int IS NULL THEN NULL
                         ELSE clock_timestamp() + ${recordParams.at.retryDelayMs}::int * interval '1 millisecond' END,
  last_status_code = ${recordParams.at.statusCode}::int, last_error_class = ${recordParams.at.errorClass}
WHERE id = ${recordParams.at.id} AND status = 'pending' AND attempt_count = ${recordParams.at.attemptCount}::int`;

type ClaimedAlertDelivery = Pick<
  ClaimedDelivery,
  | "id"
  | "endpointId"
  | "attemptCount"
  | "body"
  | "url"
  | "urlSetByStaff"
  | "secretCiphertext"
  | "secretKeyVersion"
  | "previousSecretCiphertext"
  | "previousSecretKeyVersion"
  | "previousSecretExpiresAt"
>;

async function sendOne(delivery: ClaimedAlertDelivery): Promise<void> {
  // The event-only fields of a claimed delivery are not read by attemptDelivery.
  const outcome = await attemptDelivery({
    ...delivery,
    eventId: "",
    eventCreatedAt: new Date(0),
    rateLimit: null,
    probe: false,
    circuitFailedProbes: 0,
    scheduleOffset: 0,
    // An alert belongs to no notification's trace.
    traceParent: null,
  });
  const delay = outcome.ok ? null : (retryDelayMs(delivery.attemptCount + 1) ?? null);
  await sql({
    name: "alerts_record_delivery",
    text: RECORD_SQL,
    values: recordParams.values({
      id: delivery.id,
      attemptCount: delivery.attemptCount,
      succeeded: outcome.ok,
      retryDelayMs: delay,
      statusCode: outcome.statusCode,
      errorClass: outcome.errorClass,
    }),
  });
  if (!outcome.ok)
    logger().warn({ alertDeliveryId: delivery.id, errorClass: outcome.errorClass }, "alert webhook attempt failed");
}

// Sends in flight in this process: the schedule does not wait for them (a receiver that hangs
// would hold every other chore for WEBHOOK_TIMEOUT_MS), and claims only what is left of the batch.
const inFlight = new Set<Promise<void>>();

/**
 * Claims and sends the due alert deliveries (one batch); returns how many were claimed. With
 * `wait: false` (the maintenance schedule) the sends go on after it returns; one that is cut
 * short by a stop is sent again when its lease ends.
 */
export async function deliverDueAlerts(options: { wait?: boolean } = {}): Promise<number> {
  if (!env().webhooks.workerEnabled) return 0;
  const room = CLAIM_BATCH - inFlight.size;
  if (room <= 0) return 0;
  const rows = await sql({ name: "alerts_claim_deliveries", text: CLAIM_SQL, values: [room, leaseMs()] });
  const sends = rows.map((row) => {
    const send = sendOne({
      ...(row as unknown as ClaimedAlertDelivery),
      previousSecretExpiresAt: row.previousSecretExpiresAt ? new Date(row.previousSecretExpiresAt as string) : null,
    }).catch((error: unknown) => {
      // Unrecorded: the lease runs out and the delivery is attempted again.
      logger().warn(
        { err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        "alert webhook not recorded",
      );
    });
    inFlight.add(send);
    void send.finally(() => inFlight.delete(send));
    return send;
  });
  if (options.wait !== false) await Promise.all(sends);
  return sends.length;
}
