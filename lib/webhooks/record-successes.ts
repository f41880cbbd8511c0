// Successful attempts recorded together (group commit, lib/db/group-commit.ts): under load most
// attempts succeed, and one statement per attempt cost PostgreSQL more than the claim and the
// attempt together. The single-attempt statement (deliver-webhooks.ts) was planned anew on every
// call: its partition key is a parameter, so PostgreSQL's generic plan, which cannot prune by it,
// looked dearer than a custom one and was never chosen (0.21 ms of planning per attempt,
// docs/benchmarks.md). One statement per group shares that planning and the round trip.
//
// Only a success comes here: it ends its delivery and resets its endpoint's failure state, the
// same for every success, so a group needs no order. Failures, stalls and probes keep the
// single statement: their effects (retry schedule, circuit, disabling) depend on the endpoint's
// state after each attempt in turn.
import "server-only";
import { sql } from "@/lib/db/client";
import { type GroupCommit, groupCommit } from "@/lib/db/group-commit";
import { sqlParameters } from "@/lib/db/sql-parameters";

export type SucceededAttempt = {
  deliveryId: string;
  endpointId: string;
  eventCreatedAt: Date;
  /** The attempt_count of the claim: a delivery claimed again since is not written. */
  attemptCount: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  trigger: string;
  signature: string | null;
};

// A group is at most one claim's worth of attempts. Up to four groups in flight: a success holds
// its endpoint's slot until it is recorded, so one group waiting for a connection (other
// merchants' failures arrive in bursts when their timeouts end) must not hold every endpoint's
// slots behind it. Groups lock endpoint rows in id order, so concurrent ones cannot deadlock.
const MAX_GROUP = 100;
const MAX_IN_FLIGHT = 4;

// The attempts travel as one JSON array, not as arrays per column: jsonb_to_recordset's row
// estimate does not depend on the value, so PostgreSQL settles on one generic plan; with unnest()
// of arrays each group's length changed the estimate, and every group was planned anew (as long
// as the statement itself took).
const params = sqlParameters(["attempts"]);

// The endpoint rows are locked in id order, so that two instances' groups cannot deadlock on
// them; each is written only when its state changes (the single statement's rule for a success).
const RECORD_SUCCESSES_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset(${params.at.attempts}::jsonb) AS t(delivery_id varchar, endpoint_id varchar,
    event_created_at timestamptz, attempt_count int, started_at timestamptz, duration_ms int, status_code int,
    response_body text, trigger varchar, signature varchar)
), attempt AS (
  INSERT INTO webhook_delivery_attempts (id, delivery_id, event_created_at, endpoint_id, started_at, duration_ms, status_code, error_class, response_body, trigger, request_signature)
  SELECT substr(md5(delivery_id || clock_timestamp()::text || random()::text), 1, 20), delivery_id, event_created_at,
    endpoint_id, started_at, duration_ms, status_code, NULL, response_body, trigger, signature
  FROM input
), delivery AS (
  UPDATE webhook_deliveries d SET status = 'succeeded', next_attempt_at = NULL, updated_at = clock_timestamp()
  FROM input i
  WHERE d.id = i.delivery_id AND d.event_created_at = i.event_created_at AND d.status = 'pending' AND d.attempt_count = i.attempt_count
  -- Processed -> delivered (the delivery was queued by the decision's statement), for /metrics.
  RETURNING d.id, d.attempt_count, extract(epoch FROM clock_timestamp() - d.created_at)::float8 AS delivered_after
), changed AS (
  SELECT w.id FROM webhook_endpoints w
  WHERE w.id IN (SELECT endpoint_id FROM input) AND (w.failing_since IS NOT NULL OR w.last_success_at IS NULL
    OR w.last_success_at < clock_timestamp() - interval '1 second' OR w.consecutive_stalls > 0)
  ORDER BY w.id
  FOR NO KEY UPDATE
), endpoint AS (
  UPDATE webhook_endpoints w SET last_success_at = clock_timestamp(), failing_since = NULL, consecutive_stalls = 0
  FROM changed WHERE w.id = changed.id
)
SELECT i.delivery_id AS id, i.attempt_count AS "attemptCount", d.delivered_after AS "deliveredAfterSeconds"
FROM input i LEFT JOIN delivery d ON d.id = i.delivery_id AND d.attempt_count = i.attempt_count`;

type Row = { id: string; attemptCount: number; deliveredAfterSeconds: number | null };
const key = (id: string, attemptCount: number) => `${id}:${attemptCount}`;

async function writeSuccesses(attempts: SucceededAttempt[]): Promise<(number | null)[]> {
  const rows = (await sql({
    name: "webhooks_record_successes",
    text: RECORD_SUCCESSES_SQL,
    values: params.values({
      attempts: JSON.stringify(
        attempts.map((a) => ({
          delivery_id: a.deliveryId,
          endpoint_id: a.endpointId,
          event_created_at: a.eventCreatedAt,
          attempt_count: a.attemptCount,
          started_at: a.startedAt,
          duration_ms: a.durationMs,
          status_code: a.statusCode,
          response_body: a.responseBody,
          trigger: a.trigger,
          signature: a.signature,
        })),
      ),
    }),
  })) as Row[];
  const written = new Map(rows.map((r) => [key(r.id, r.attemptCount), r.deliveredAfterSeconds]));
  return attempts.map((a) => written.get(key(a.deliveryId, a.attemptCount)) ?? null);
}

const g = globalThis as unknown as { __pic_record_successes?: GroupCommit<SucceededAttempt, number | null> };

/**
 * Records a successful attempt with the others in flight; resolves once committed, with the
 * seconds from the delivery's queueing to now (null when the delivery was claimed again since
 * and is not written). Rejects when the attempt could not be recorded even alone.
 */
export function recordSuccess(attempt: SucceededAttempt): Promise<number | null> {
  g.__pic_record_successes ??= groupCommit(writeSuccesses, {
    maxGroup: MAX_GROUP,
    maxInFlight: MAX_IN_FLIGHT,
    trace: "webhooks_record_successes",
  });
  return g.__pic_record_successes.submit(attempt);
}
