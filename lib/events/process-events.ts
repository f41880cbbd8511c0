// Processing: an event becomes `processed` when an enabled credential matches its acquirer, MID
// and TID (ecommerce providers: acquirer and MID, their clientId), else `failed` with a reason;
// an event whose values did not add up at ingestion (data_problem) fails with that problem.
// Claim, decision, update and attempt record are ONE statement: rows are claimed with FOR
// UPDATE SKIP LOCKED, so concurrent workers (other instances too) never take the same event,
// and a crash mid-way rolls the whole batch back to pending. The same statement writes the
// webhook deliveries of every processed event (the outbox), so none is lost between the two.
import { hostname } from "node:os";
import { sql } from "@/lib/db/client";
import { literalLimit } from "@/lib/events/filter-conditions";

export type ProcessedEvent = { id: string; status: "processed" | "failed"; failureReason: string | null };

// The worker's batch size. A literal in the statement (see literalLimit), so that its prepared
// statement is planned once per connection instead of once per batch.
export const PROCESS_BATCH = 200;

const CLAIM = {
  // The queue: oldest pending first (partial index events_pending_queue_idx).
  pending: `WHERE e.status = 'pending' ORDER BY e.created_at, e.id LIMIT ${literalLimit(PROCESS_BATCH)}`,
  // An operator's retry of one failed event.
  retry: `WHERE e.id = $1 AND e.status = 'failed'`,
  // A bulk retry's batch (lib/events/bulk-retry.ts): those of the ids still failed.
  retryMany: `WHERE e.id = ANY($1::text[]) AND e.status = 'failed'`,
} as const;

/** trigger: the placeholder of what is recorded on each attempt (the worker's id, or the retry's operator). */
function processSql(claim: keyof typeof CLAIM, trigger: string): string {
  return `
WITH claimed AS (
  SELECT e.id, e.created_at, e.acquirer_name, e.acquirer_merchant_identifier AS mid, e.acquirer_terminal_identifier AS tid,
    e.data_problem
  FROM events e ${CLAIM[claim]}
  FOR UPDATE SKIP LOCKED
), matched AS MATERIALIZED (
  -- One look at the credentials per event: the oldest enabled match, and whether any (even a
  -- disabled one) holds the account. Materialized so that the CASEs below read it, not re-run it.
  SELECT c.id, c.created_at, c.data_problem, m.credential_id, m.any_credential
  FROM claimed c CROSS JOIN LATERAL (
    SELECT (array_agg(cr.id ORDER BY cr.created_at) FILTER (WHERE cr.enabled))[1] AS credential_id,
      count(*) > 0 AS any_credential
    FROM credentials cr JOIN providers p ON p.id = cr.provider_id
    WHERE p.name = c.acquirer_name AND cr.acquirer_merchant_identifier = c.mid
      AND (p.kind = 'ecommerce' OR cr.acquirer_terminal_identifier = c.tid)
  ) m
), updated AS (
  UPDATE events e SET
    status = CASE WHEN m.data_problem IS NULL AND m.credential_id IS NOT NULL THEN 'processed' ELSE 'failed' END,
    failure_reason = CASE WHEN m.data_problem IS NOT NULL THEN m.data_problem
                          WHEN m.credential_id IS NOT NULL THEN NULL
                          WHEN m.any_credential THEN 'credential_disabled'
                          ELSE 'no_matching_credential' END,
    attempt_count = e.attempt_count + 1,
    updated_at = clock_timestamp()
  FROM matched m WHERE e.id = m.id AND e.created_at = m.created_at
  RETURNING e.id, e.created_at, e.type, e.status, e.failure_reason, m.credential_id
), attempts AS (
  INSERT INTO event_attempts (id, event_id, event_created_at, outcome, failure_reason, credential_id, trigger, started_at, finished_at)
  SELECT substr(md5(u.id || clock_timestamp()::text || random()::text), 1, 20), u.id, u.created_at, u.status, u.failure_reason,
         u.credential_id, ${trigger}, statement_timestamp(), clock_timestamp()
  FROM updated u
  RETURNING event_id
), deliveries AS (
  -- The outbox: one delivery per enabled endpoint of the credential's merchant that takes this
  -- event type, committed with the status change (lib/webhooks/delivery-worker.ts sends them).
  INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, status, next_attempt_at, created_at, updated_at)
  SELECT substr(md5(u.id || w.id || clock_timestamp()::text || random()::text), 1, 20), u.id, u.created_at, w.id, 'pending',
         clock_timestamp(), clock_timestamp(), clock_timestamp()
  FROM updated u
  JOIN credentials cr ON cr.id = u.credential_id
  JOIN webhook_endpoints w ON w.merchant_id = cr.merchant_id AND w.enabled
    AND (cardinality(w.event_types) = 0 OR u.type = ANY (w.event_types))
  WHERE u.status = 'processed'
  ON CONFLICT (event_id, endpoint_id, event_created_at) DO NOTHING
  RETURNING endpoint_id
)
SELECT u.id, u.status, u.failure_reason AS "failureReason" FROM updated u`;
}

const SQL = {
  pending: processSql("pending", "$1"),
  retry: processSql("retry", "$2"),
  retryMany: processSql("retryMany", "$2"),
};

// Which worker processed an event, for operators and for the exactly-once tests.
const WORKER_ID = `worker:${hostname()}:${process.pid}`.slice(0, 80);

/** Processes up to PROCESS_BATCH pending events; returns what became of each. */
export async function processPendingEvents(): Promise<ProcessedEvent[]> {
  return (await sql({ name: "events_process_pending", text: SQL.pending, values: [WORKER_ID] })) as ProcessedEvent[];
}

/** Processes one failed event again; returns nothing when it is not (or no longer) failed. */
export async function reprocessFailedEvent(eventId: string, trigger: string): Promise<ProcessedEvent | undefined> {
  const [result] = (await sql({ name: "events_process_retry", text: SQL.retry, values: [eventId, trigger] })) as ProcessedEvent[];
  return result;
}

/** Processes again those of the events that are (still) failed; returns what became of each. */
export async function reprocessFailedEvents(eventIds: string[], trigger: string): Promise<ProcessedEvent[]> {
  if (eventIds.length === 0) return [];
  return (await sql({ name: "events_process_retry_many", text: SQL.retryMany, values: [eventIds, trigger] })) as ProcessedEvent[];
}
