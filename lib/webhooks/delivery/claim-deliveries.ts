// The delivery queue's first step: claimDueDeliveries takes due deliveries (FOR UPDATE SKIP
// LOCKED, so instances never take the same one) and leases them: next_attempt_at moves to the
// lease end, so a worker that dies mid-attempt leaves the delivery due again afterwards (at least
// once). attempt-delivery.ts sends each; record-attempt.ts stores what came of it.
import "server-only";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { env } from "@/lib/env";
import type { SpanContext } from "@/lib/tracing/trace";
import { tracedClaim } from "@/lib/webhooks/delivery/delivery-spans";

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
  /** Staff set the URL (not a merchant account): only then does the allow-list serve it (lib/webhooks/egress/address-policy.ts). */
  urlSetByStaff: boolean;
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
  w.url, w.url_set_by_staff AS "urlSetByStaff", w.rate_limit AS "rateLimit",
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
