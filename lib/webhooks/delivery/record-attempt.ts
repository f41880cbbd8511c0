// The delivery queue's last step: recordAttempt stores an attempt and schedules the next one
// (retry-schedule.ts) or ends the delivery, in one statement that also keeps the endpoint's
// failure state; then the circuit breaker judges the outcome (circuit-after-attempt.ts) and an
// endpoint that has failed too long is disabled (auto-disable.ts).
import "server-only";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { logger } from "@/lib/log";
import { reportOutcome } from "@/lib/observe/outcomes";
import type { SentAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { disableIfFailingTooLong } from "@/lib/webhooks/delivery/auto-disable";
import { judgeCircuit } from "@/lib/webhooks/delivery/circuit-after-attempt";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-deliveries";
import { stalled } from "@/lib/webhooks/delivery/endpoint-circuit";
import { retryDelayMs } from "@/lib/webhooks/delivery/retry-schedule";

// The endpoint row is written only when its state changes (first failure, first success after
// failures, a last_success_at more than a second old, a stall, the first answer after stalls):
// every attempt writing it would make the row a lock every concurrent attempt of the endpoint
// queues on. A stall (timeout, connection refused or dropped) is slow or rare, so counting each
// one there is cheap; the circuit itself is opened apart (endpoint-circuit.ts), once, audited.
const recordParams = sqlParameters([
  "deliveryId",
  "endpointId",
  "startedAt",
  "durationMs",
  "statusCode",
  "errorClass",
  "responseBody",
  "trigger",
  "signature",
  "succeeded",
  // Until the next attempt; null when the schedule is over (the delivery fails).
  "retryDelayMs",
  // The attempt_count of the claim: a delivery claimed again since is not written.
  "attemptCount",
  "eventCreatedAt",
  // The circuit breaker's view of the outcome: a stall counts, any HTTP answer resets.
  "stalled",
  "answered",
]);
const RECORD_SQL = `
WITH attempt AS (
  -- eventCreatedAt, the delivery's event_created_at (from its claim): the attempt's foreign key and
  -- partition key, and what prunes the delivery's update to its month.
  INSERT INTO webhook_delivery_attempts (id, delivery_id, event_created_at, endpoint_id, started_at, duration_ms, status_code, error_class, response_body, trigger, request_signature)
  VALUES (substr(md5(${recordParams.at.deliveryId} || clock_timestamp()::text || random()::text), 1, 20), ${recordParams.at.deliveryId},
    ${recordParams.at.eventCreatedAt}, ${recordParams.at.endpointId}, ${recordParams.at.startedAt}, ${recordParams.at.durationMs}, ${recordParams.at.statusCode},
    ${recordParams.at.errorClass}, ${recordParams.at.responseBody}, ${recordParams.at.trigger}, ${recordParams.at.signature})
), delivery AS (
  UPDATE webhook_deliveries SET
    status = CASE WHEN ${recordParams.at.succeeded}::boolean THEN 'succeeded' WHEN ${recordParams.at.retryDelayMs}::int IS NULL THEN 'failed' ELSE 'pending' END,
    next_attempt_at = CASE WHEN ${recordParams.at.succeeded}::boolean OR ${recordParams.at.retryDelayMs}::int IS NULL THEN NULL
                           ELSE clock_timestamp() + ${recordParams.at.retryDelayMs}::int * interval '1 millisecond' END,
    updated_at = clock_timestamp()
  -- The partition key through a subquery: PostgreSQL then prunes at run time, and the generic
  -- plan costs what a custom one does, so it is kept. Compared with the value itself, every
  -- custom plan pruned at planning and looked cheaper, and each attempt was planned anew (0.1-0.2
  -- ms, as long as the statement itself took; docs/benchmarks.md).
  WHERE id = ${recordParams.at.deliveryId} AND event_created_at = (SELECT ${recordParams.at.eventCreatedAt}::timestamptz)
    AND status = 'pending' AND attempt_count = ${recordParams.at.attemptCount}
  -- Processed -> delivered (the delivery was queued by the decision's statement), for /metrics.
  RETURNING CASE WHEN status = 'succeeded' THEN extract(epoch FROM clock_timestamp() - created_at)::float8 END AS delivered_after
), endpoint AS (
  UPDATE webhook_endpoints SET
    last_success_at = CASE WHEN ${recordParams.at.succeeded}::boolean THEN clock_timestamp() ELSE last_success_at END,
    failing_since = CASE WHEN ${recordParams.at.succeeded}::boolean THEN NULL ELSE coalesce(failing_since, ${recordParams.at.startedAt}) END,
    consecutive_stalls = CASE WHEN ${recordParams.at.stalled}::boolean THEN consecutive_stalls + 1
                              WHEN ${recordParams.at.answered}::boolean THEN 0 ELSE consecutive_stalls END
  WHERE id = ${recordParams.at.endpointId} AND (CASE WHEN ${recordParams.at.succeeded}::boolean
    THEN failing_since IS NOT NULL OR last_success_at IS NULL OR last_success_at < clock_timestamp() - interval '1 second'
    ELSE failing_since IS NULL END
    OR ${recordParams.at.stalled}::boolean OR (${recordParams.at.answered}::boolean AND consecutive_stalls > 0))
  RETURNING failing_since, enabled, consecutive_stalls, circuit_opened_at
)
SELECT coalesce((SELECT failing_since FROM endpoint), w.failing_since) AS "failingSince",
       coalesce((SELECT enabled FROM endpoint), w.enabled) AS enabled,
       coalesce((SELECT consecutive_stalls FROM endpoint), w.consecutive_stalls) AS "consecutiveStalls",
       coalesce((SELECT circuit_opened_at FROM endpoint), w.circuit_opened_at) IS NOT NULL AS "circuitOpen",
       (SELECT delivered_after FROM delivery) AS "deliveredAfterSeconds"
FROM webhook_endpoints w WHERE w.id = ${recordParams.at.endpointId}`;

export async function recordAttempt(
  delivery: Pick<ClaimedDelivery, "id" | "endpointId" | "eventCreatedAt" | "attemptCount"> &
    Partial<Pick<ClaimedDelivery, "probe" | "circuitFailedProbes" | "scheduleOffset">>,
  outcome: SentAttempt,
  trigger = "worker",
): Promise<void> {
  // The schedule's place: attempts since it last started over (the count itself is never reset).
  const delay = outcome.ok ? null : (retryDelayMs(delivery.attemptCount - (delivery.scheduleOffset ?? 0) + 1) ?? null);
  const record = (responseBody: string | null) =>
    sql({
      name: "webhooks_record_attempt",
      text: RECORD_SQL,
      values: recordParams.values({
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        startedAt: outcome.startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        errorClass: outcome.errorClass,
        responseBody,
        trigger,
        signature: outcome.signature ?? null,
        succeeded: outcome.ok,
        retryDelayMs: delay,
        attemptCount: delivery.attemptCount,
        eventCreatedAt: delivery.eventCreatedAt,
        stalled: stalled(outcome.errorClass),
        answered: outcome.statusCode !== null,
      }),
    });
  // The excerpt is the receiver's text: if PostgreSQL still refuses it (a data exception, class
  // 22), the attempt is recorded without it. An unrecorded attempt would be sent again when its
  // lease ends, for ever: never failed, never counted toward disabling.
  const [endpoint] = await record(outcome.responseBody).catch((error: unknown) => {
    const code = String((error as { code?: unknown }).code ?? "");
    if (outcome.responseBody === null || !code.startsWith("22")) throw error;
    logger().warn({ deliveryId: delivery.id, err: { code } }, "webhook attempt recorded without its response excerpt");
    return record(null);
  });
  reportOutcome({
    kind: "delivery_attempted",
    ok: outcome.ok,
    errorClass: outcome.errorClass,
    deliveredAfterSeconds: endpoint?.deliveredAfterSeconds,
  });
  await judgeCircuit(delivery, outcome, endpoint);
  await disableIfFailingTooLong(delivery.endpointId, outcome, endpoint);
}
