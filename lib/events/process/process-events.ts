// Processing of pending events (the rule and its record: decision-sql.ts).
// Claim, decision, update and attempt record are ONE statement: rows are claimed with FOR
// UPDATE SKIP LOCKED, so concurrent workers (other instances too) never take the same event,
// and a crash mid-way rolls the whole batch back to pending. The same statement writes the
// webhook deliveries of every processed event (the outbox), so none is lost between the two.
import { hostname } from "node:os";
import type { Prisma } from "@/generated/prisma/client";
import { sql } from "@/lib/db/client";
import { literalLimit } from "@/lib/events/list/filter-conditions";
import { decision, matchedCredentials, recordDecisions } from "@/lib/events/process/decision-sql";
import { tracedProcessing } from "@/lib/events/process/processing-spans";
import { reportOutcome } from "@/lib/observe/outcomes";

export type ProcessedEvent = {
  id: string;
  status: "processed" | "failed";
  failureReason: string | null;
  acquirerName: string;
  // The notification's trace context (events.trace_parent), for the processing spans.
  traceParent: string | null;
};

// The worker's batch size. A literal in the statement (see literalLimit), so that its prepared
// statement is planned once per connection instead of once per batch.
export const PROCESS_BATCH = 200;

const CLAIM = {
  // The queue: oldest pending first (partial index events_pending_queue_idx).
  pending: `WHERE e.status = 'pending' ORDER BY e.created_at, e.id LIMIT ${literalLimit(PROCESS_BATCH)}`,
  // An operator's retry of one failed event.
  retry: `WHERE e.id = $1 AND e.status = 'failed'`,
  // A bulk retry's batch (lib/events/retry/bulk-retry.ts): those of the ids still failed.
  retryMany: `WHERE e.id = ANY($1::text[]) AND e.status = 'failed'`,
} as const;

/** trigger: the placeholder of what is recorded on each attempt (the worker's id, or the retry's operator). */
function processSql(claim: keyof typeof CLAIM, trigger: string): string {
  const verdict = decision("m", "e.merchant_id");
  return `
WITH claimed AS (
  SELECT e.id, e.created_at, e.acquirer_name, e.acquirer_merchant_identifier AS mid, e.acquirer_terminal_identifier AS tid,
    e.data_problem
  FROM events e ${CLAIM[claim]}
  FOR UPDATE SKIP LOCKED
), ${matchedCredentials("claimed")}, decided AS (
  UPDATE events e SET
    status = ${verdict.status},
    failure_reason = ${verdict.failureReason},
    owner_merchant_id = ${verdict.owner},
    attempt_count = e.attempt_count + 1,
    updated_at = clock_timestamp()
  FROM matched m WHERE e.id = m.id AND e.created_at = m.created_at
  RETURNING e.id, e.created_at, e.type, e.status, e.failure_reason, m.credential_id, m.disabled_credential_id, e.acquirer_name, e.trace_parent
), ${recordDecisions(trigger)}
SELECT d.id, d.status, d.failure_reason AS "failureReason", d.acquirer_name AS "acquirerName", d.trace_parent AS "traceParent"
FROM decided d`;
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
  return counted(
    await tracedProcessing(
      "events_process_pending",
      async () => (await sql({ name: "events_process_pending", text: SQL.pending, values: [WORKER_ID] })) as ProcessedEvent[],
      { poll: true },
    ),
  );
}

/** The statement's decisions, reported (for /metrics, lib/metrics/count-outcomes.ts) where they are made. */
function counted(decisions: ProcessedEvent[]): ProcessedEvent[] {
  reportOutcome({ kind: "events_decided", events: decisions });
  return decisions;
}

/** Processes one failed event again; returns nothing when it is not (or no longer) failed. */
export async function reprocessFailedEvent(eventId: string, trigger: string): Promise<ProcessedEvent | undefined> {
  const [result] = counted(
    await tracedProcessing(
      "events_process_retry",
      async () => (await sql({ name: "events_process_retry", text: SQL.retry, values: [eventId, trigger] })) as ProcessedEvent[],
      { poll: false },
    ),
  );
  return result;
}

/**
 * Processes again those of the events that are (still) failed; returns what became of each. In
 * `tx` when given: a bulk retry's batch commits with the job's progress (lib/jobs/job-lease.ts).
 */
export async function reprocessFailedEvents(
  eventIds: string[],
  trigger: string,
  tx?: Prisma.TransactionClient,
): Promise<ProcessedEvent[]> {
  if (eventIds.length === 0) return [];
  // In `tx`, counted before the job's transaction commits: a batch rolled back is counted anyway
  // (rare: the job then runs that batch again, and it is counted again).
  const run = tx
    ? () => tx.$queryRawUnsafe<ProcessedEvent[]>(SQL.retryMany, eventIds, trigger)
    : async () =>
        (await sql({ name: "events_process_retry_many", text: SQL.retryMany, values: [eventIds, trigger] })) as ProcessedEvent[];
  return counted(await tracedProcessing("events_process_retry_many", run, { poll: false }));
}
