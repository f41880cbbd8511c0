// The delivery queue's three steps. claimDueDeliveries takes due deliveries (FOR UPDATE SKIP
// LOCKED, so instances never take the same one) and leases them: next_attempt_at moves to the
// lease end, so a worker that dies mid-attempt leaves the delivery due again afterwards (at least
// once). attemptDelivery signs and POSTs one; recordAttempt stores the attempt and schedules the
// next one or ends the delivery, and disables an endpoint that has failed too long.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db, sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { countDeliveryAttempt } from "@/lib/metrics/registry";
import type { SpanContext } from "@/lib/tracing/trace";
import { inRequestSpan, tracedClaim } from "@/lib/webhooks/delivery-spans";
import { openCircuit, settleProbe, stalled } from "@/lib/webhooks/endpoint-circuit";
import { signingSecrets } from "@/lib/webhooks/endpoint-secrets";
import { type AttemptOutcome, sendWebhook } from "@/lib/webhooks/send-webhook";
import { signatureHeader } from "@/lib/webhooks/signing";

export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  eventId: string;
  // The event's created_at: the delivery's partition key, so its later writes touch one month.
  eventCreatedAt: Date;
  /** Every attempt so far, this one included. */
  attemptCount: number;
  /** Attempts before the retry schedule last started over (resend, recover): the schedule counts from here. */
  scheduleOffset: number;
  url: string;
  rateLimit: number | null;
  body: string;
  secretCiphertext: Uint8Array;
  secretKeyVersion: number;
  previousSecretCiphertext: Uint8Array | null;
  previousSecretKeyVersion: number | null;
  previousSecretExpiresAt: Date | null;
  // The endpoint's circuit was open: this attempt is its one probe (endpoint-circuit.ts).
  probe: boolean;
  circuitFailedProbes: number;
  // The notification's trace context (the delivery's trace_parent) and the claim's span, when traced.
  traceParent: string | null;
  claimedIn?: SpanContext;
};

// The claim probes the own queue (webhook_deliveries_due_idx) of each enabled endpoint that has
// deliveries pending for as many due deliveries as the endpoint has room for: endpoints at their
// cap are skipped, and a dead endpoint's backlog is never walked to reach another endpoint's
// deliveries (no head-of-line blocking). The endpoints with deliveries pending are found by a
// loose index scan of the same index (pending_endpoints: one descent per such endpoint), so an
// idle endpoint costs a claim nothing: probing every enabled endpoint made a claim 4.1 ms with
// 1,080 endpoints, 1.4 ms this way (docs/benchmarks.md).
//
// Fairness between merchants: an attempt in flight cannot be taken back, so a merchant whose
// endpoints hang would hold every slot it is given for the whole timeout. While more than one
// merchant has deliveries due, a merchant gets at most merchantConcurrency slots of this worker
// (in flight included); a merchant alone may take up to workerConcurrency - merchantConcurrency,
// so that many slots are always left for the next merchant whose deliveries fall due. The claim
// is ordered: within an endpoint oldest due first; across endpoints of a merchant, and across
// merchants, in turns (each endpoint's first, then each one's second...), oldest due first
// within a turn.
//
// An endpoint whose circuit is open (endpoint-circuit.ts) is not probed until circuit_probe_at;
// then it is given one delivery, the probe, and circuit_probe_at moves to the probe's lease end,
// taken with SKIP LOCKED so that of two claimers one probes (the other finds the row locked, or
// the probe time moved).
//
// An endpoint's rate limit is shared by every instance: a one-second fixed window per endpoint in
// rate_limit_buckets (key webhook_rate:<endpoint id>, the table of the API's limits). The room
// read from it is only a first guess; the upsert that adds what was chosen is what decides,
// because PostgreSQL serializes it per key: a claimer that finds the window already used by a
// concurrent one is granted only what is left, and its other chosen deliveries stay due (locked
// by SKIP LOCKED until this statement ends, then free). A claimer whose clock reading is older
// than the window (it waited on the row while the second turned) is granted nothing, so every
// attempt is counted in the second its last_attempt_at names.
const claimParams = sqlParameters([
  "limit",
  // Endpoints at their concurrency cap in this worker: not probed at all.
  "skipEndpoints",
  // Attempts in flight in this worker, as two parallel arrays: endpoint ids and their counts.
  "inFlightEndpoints",
  "inFlightCounts",
  // WEBHOOK_ENDPOINT_CONCURRENCY, WEBHOOK_MERCHANT_CONCURRENCY, WEBHOOK_WORKER_CONCURRENCY.
  "endpointConcurrency",
  "merchantConcurrency",
  "workerConcurrency",
  // How far next_attempt_at moves: the lease of the claimed attempt.
  "leaseMs",
]);
const CLAIM_SQL = `
WITH RECURSIVE clock AS (
  SELECT at, date_trunc('second', at) AS second FROM (SELECT clock_timestamp() AS at) t
), pending_endpoints AS (
  SELECT (SELECT min(q.endpoint_id) FROM webhook_deliveries q WHERE q.status = 'pending') AS endpoint_id
  UNION ALL
  SELECT (SELECT min(q.endpoint_id) FROM webhook_deliveries q WHERE q.status = 'pending' AND q.endpoint_id > p.endpoint_id)
  FROM pending_endpoints p WHERE p.endpoint_id IS NOT NULL
), busy AS (
  SELECT b.endpoint_id, b.in_flight, w.merchant_id
  FROM unnest(${claimParams.at.inFlightEndpoints}::varchar[], ${claimParams.at.inFlightCounts}::int[]) AS b(endpoint_id, in_flight)
  JOIN webhook_endpoints w ON w.id = b.endpoint_id
), merchant_busy AS (
  SELECT merchant_id, sum(in_flight)::int AS in_flight FROM busy GROUP BY merchant_id
), candidates AS (
  SELECT d.id, d.event_created_at, d.next_attempt_at, w.id AS endpoint_id, w.merchant_id, w.rate_limit,
    w.circuit_opened_at IS NOT NULL AS probe,
    row_number() OVER (PARTITION BY w.id ORDER BY d.next_attempt_at, d.id) AS endpoint_place
  FROM clock CROSS JOIN pending_endpoints pe JOIN webhook_endpoints w ON w.id = pe.endpoint_id
  LEFT JOIN busy ON busy.endpoint_id = w.id
  LEFT JOIN rate_limit_buckets used ON w.rate_limit IS NOT NULL AND used.key = 'webhook_rate:' || w.id
  CROSS JOIN LATERAL (
    SELECT q.id, q.event_created_at, q.next_attempt_at FROM webhook_deliveries q
    WHERE q.endpoint_id = w.id AND q.status = 'pending' AND q.next_attempt_at <= clock_timestamp()
    ORDER BY q.next_attempt_at
    -- Room: the concurrency cap less what is in flight, and the rate limit less what started this second.
    LIMIT greatest(0, least(${claimParams.at.endpointConcurrency}::int - coalesce(busy.in_flight, 0), coalesce(w.rate_limit -
      CASE WHEN used.window_start = clock.second THEN used.count ELSE 0 END, ${claimParams.at.endpointConcurrency}::int),
      CASE WHEN w.circuit_opened_at IS NOT NULL THEN 1 END))
    FOR UPDATE OF q SKIP LOCKED
  ) d
  WHERE w.enabled AND NOT (w.id = ANY (${claimParams.at.skipEndpoints}::varchar[]))
    AND (w.circuit_opened_at IS NULL OR w.circuit_probe_at <= clock.at)
), contention AS (
  SELECT count(DISTINCT merchant_id) > 1 AS contended FROM candidates
), chosen AS (
  SELECT r.id, r.event_created_at, r.next_attempt_at, r.endpoint_id, r.rate_limit, r.probe
  FROM (
    SELECT c.*, row_number() OVER (PARTITION BY c.merchant_id ORDER BY c.endpoint_place, c.next_attempt_at, c.id) AS merchant_place
    FROM candidates c
  ) r
  CROSS JOIN contention
  LEFT JOIN merchant_busy mb ON mb.merchant_id = r.merchant_id
  -- A merchant's room: its share (contended) or all but one share (alone), less what it has in flight.
  WHERE r.merchant_place <= CASE WHEN contention.contended THEN ${claimParams.at.merchantConcurrency}::int
    ELSE greatest(${claimParams.at.merchantConcurrency}::int, ${claimParams.at.workerConcurrency}::int - ${claimParams.at.merchantConcurrency}::int) END
    - coalesce(mb.in_flight, 0)
  ORDER BY r.merchant_place, r.next_attempt_at, r.id
  LIMIT ${claimParams.at.limit}
), probing AS (
  -- The probe's lease: no other probe of the endpoint until it ends (or the probe is recorded).
  UPDATE webhook_endpoints w SET circuit_probe_at = clock.at + ${claimParams.at.leaseMs}::int * interval '1 millisecond'
  FROM clock
  WHERE w.id IN (
    SELECT p.id FROM webhook_endpoints p, clock
    WHERE p.id IN (SELECT endpoint_id FROM chosen WHERE probe) AND p.circuit_opened_at IS NOT NULL AND p.circuit_probe_at <= clock.at
    FOR UPDATE OF p SKIP LOCKED
  )
  RETURNING w.id
), wanted AS (
  SELECT endpoint_id, count(*)::int AS n FROM chosen WHERE rate_limit IS NOT NULL GROUP BY endpoint_id
), counted AS (
  INSERT INTO rate_limit_buckets AS b (key, count, window_start, expires_at)
  SELECT 'webhook_rate:' || wanted.endpoint_id, wanted.n, clock.second, clock.second + interval '1 second' FROM wanted, clock
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN b.window_start < excluded.window_start THEN excluded.count
                 WHEN b.window_start = excluded.window_start THEN b.count + excluded.count
                 ELSE b.count END,
    window_start = greatest(b.window_start, excluded.window_start),
    expires_at = greatest(b.expires_at, excluded.expires_at)
  RETURNING b.key, b.count, b.window_start
), granted AS (
  -- Chosen deliveries in queue order, the first "grant" of each rate-limited endpoint taken.
  SELECT c.id, c.event_created_at FROM (
    SELECT chosen.*, row_number() OVER (PARTITION BY chosen.endpoint_id ORDER BY chosen.next_attempt_at, chosen.id) AS place
    FROM chosen
  ) c
  LEFT JOIN wanted ON wanted.endpoint_id = c.endpoint_id
  LEFT JOIN counted k ON k.key = 'webhook_rate:' || c.endpoint_id
  CROSS JOIN clock
  WHERE (NOT c.probe OR c.endpoint_id IN (SELECT id FROM probing)) AND (c.rate_limit IS NULL
     OR (k.window_start = clock.second AND c.place <= least(wanted.n, c.rate_limit - (k.count - wanted.n))))
)
UPDATE webhook_deliveries d SET
  attempt_count = d.attempt_count + 1,
  next_attempt_at = clock.at + ${claimParams.at.leaseMs}::int * interval '1 millisecond',
  last_attempt_at = clock.at,
  updated_at = clock.at
FROM granted c, clock, webhook_endpoints w
WHERE d.id = c.id AND d.event_created_at = c.event_created_at AND w.id = d.endpoint_id
RETURNING d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", d.event_created_at AS "eventCreatedAt",
  d.attempt_count AS "attemptCount", d.schedule_offset AS "scheduleOffset",
  w.url, w.rate_limit AS "rateLimit",
  -- The event's body by its primary key (the foreign key keeps it there). Joined instead, events
  -- was planned (with no statistics on the deliveries yet) as the driving table, matched on
  -- created_at alone: every notification of one group commit shares its created_at, so each
  -- claimed delivery read its whole group (1,629 events read to claim 40, docs/benchmarks.md).
  (SELECT e.body FROM events e WHERE e.id = d.event_id AND e.created_at = d.event_created_at) AS body,
  w.secret_ciphertext AS "secretCiphertext", w.secret_key_version AS "secretKeyVersion",
  w.previous_secret_ciphertext AS "previousSecretCiphertext", w.previous_secret_key_version AS "previousSecretKeyVersion",
  w.previous_secret_expires_at AS "previousSecretExpiresAt",
  w.circuit_opened_at IS NOT NULL AS probe, w.circuit_failed_probes AS "circuitFailedProbes", d.trace_parent AS "traceParent"`;

/** How long a claimed attempt may take before another worker may take the delivery again. */
export function leaseMs(): number {
  return env().webhooks.timeoutMs * 2 + 1_000;
}

export async function claimDueDeliveries(options: {
  limit: number;
  /** Endpoints to skip entirely (at their concurrency cap in this worker). */
  skip: string[];
  /** Attempts in flight per endpoint in this worker. */
  inFlight: Map<string, number>;
}): Promise<ClaimedDelivery[]> {
  const ids = [...options.inFlight.keys()];
  const rows = await tracedClaim(
    "webhooks_claim",
    () =>
      sql({
        name: "webhooks_claim",
        text: CLAIM_SQL,
        values: claimParams.values({
          limit: options.limit,
          skipEndpoints: options.skip,
          inFlightEndpoints: ids,
          inFlightCounts: ids.map((id) => options.inFlight.get(id) ?? 0),
          endpointConcurrency: env().webhooks.endpointConcurrency,
          merchantConcurrency: env().webhooks.merchantConcurrency,
          workerConcurrency: env().webhooks.workerConcurrency,
          leaseMs: leaseMs(),
        }),
      }) as Promise<ClaimedDelivery[]>,
  );
  return rows.map((row) => ({
    ...row,
    previousSecretExpiresAt: row.previousSecretExpiresAt ? new Date(row.previousSecretExpiresAt as unknown as string) : null,
  }));
}

/** The webhook-id header of a delivery: the same on every attempt. */
export const webhookId = (deliveryId: string) => `msg_${deliveryId}`;

/** An attempt's outcome, when it started and the signature header it sent (kept with the attempt). */
export type SentAttempt = AttemptOutcome & { startedAt: Date; signature?: string | null };

export async function attemptDelivery(delivery: ClaimedDelivery): Promise<SentAttempt> {
  const startedAt = new Date();
  const id = webhookId(delivery.id);
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  let secrets: string[];
  try {
    secrets = signingSecrets({ ...delivery, id: delivery.endpointId }, startedAt);
  } catch (error) {
    logger().error({ endpointId: delivery.endpointId, err: { name: (error as Error).name } }, "webhook secret unreadable");
    return { ok: false, statusCode: null, errorClass: "connection_error", responseBody: null, durationMs: 0, startedAt };
  }
  const signature = signatureHeader(secrets, id, timestamp, delivery.body);
  const outcome = await inRequestSpan(delivery.url, (traceHeaders) =>
    sendWebhook({
      url: delivery.url,
      body: delivery.body,
      timeoutMs: env().webhooks.timeoutMs,
      headers: {
        ...traceHeaders,
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signature,
      },
    }),
  );
  return { ...outcome, startedAt, signature };
}

/** Seconds until attempt number `next` (1-based), jittered; undefined when the schedule is over. */
export function retryDelayMs(next: number): number | undefined {
  const { retryScheduleSeconds, retryJitter } = env().webhooks;
  const seconds = retryScheduleSeconds[next - 1];
  if (seconds === undefined) return undefined;
  return Math.max(0, Math.round(seconds * 1000 * (1 + retryJitter * (Math.random() * 2 - 1))));
}

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
  countDeliveryAttempt({
    ok: outcome.ok,
    errorClass: outcome.errorClass,
    deliveredAfterSeconds: endpoint?.deliveredAfterSeconds,
  });
  if (delivery.probe) await settleProbe(delivery.endpointId, outcome.statusCode !== null, delivery.circuitFailedProbes ?? 0);
  else if (
    stalled(outcome.errorClass) &&
    !endpoint?.circuitOpen &&
    Number(endpoint?.consecutiveStalls ?? 0) >= env().webhooks.circuit.threshold
  )
    await openCircuit(delivery.endpointId);
  const failingSince = endpoint?.failingSince ? new Date(endpoint.failingSince as string) : null;
  if (
    !outcome.ok &&
    endpoint?.enabled &&
    failingSince &&
    Date.now() - failingSince.getTime() >= env().webhooks.disableAfterSeconds * 1000
  )
    await disableFailingEndpoint(delivery.endpointId, failingSince);
}

/** Disables an endpoint that has failed without one success since failingSince (audited). */
async function disableFailingEndpoint(endpointId: string, failingSince: Date): Promise<void> {
  const reason = `failing without a success since ${failingSince.toISOString()}`;
  await db().$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!before?.enabled) return;
    await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: reason } });
    await recordAuditEntry(tx, {
      caller: null,
      action: "webhook_endpoint.disable",
      targetId: endpointId,
      before: { enabled: true, disabledReason: null },
      after: { enabled: false, disabledReason: reason },
    });
  });
  logger().warn({ endpointId }, "webhook endpoint disabled: failing too long");
}
