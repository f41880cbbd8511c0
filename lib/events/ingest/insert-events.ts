// The one statement that stores notifications, for the batch (ingest-batch.ts) and for the
// single POSTs written together (ingest-event.ts): rows as one JSON parameter, unpacked by
// jsonb_to_recordset, each stored and decided on arrival in one round trip.
//
// The dedup keys are claimed first in event_dedup_keys (one table across every month: migration
// *_partition_events) and only the rows whose key was claimed (or that have none) are stored:
// two identical notifications at once meet on the key's primary key, the second waits for the
// first to commit, claims nothing and stores nothing. Two rows of one call with the same key: the
// first (in n order) claims it, the second is a duplicate of it.
// Each stored row is decided as it is stored (lib/events/process/decision-sql.ts: the worker's rule, attempt record
// and outbox), so an event is written once instead of inserted pending and updated by the worker:
// at thousands of events a second, that second write of a wide, heavily indexed row was what the
// worker could not keep up with (docs/benchmarks.md).
import "server-only";
import { sql } from "@/lib/db/client";
import type { EventData } from "@/lib/events/data-schema";
import { eventColumnsOf } from "@/lib/events/ingest/event-columns";
import { decision, matchedCredentials, recordDecisions } from "@/lib/events/process/decision-sql";
import { withEventMonth } from "@/lib/events/retention/partitions";
import { reportOutcome } from "@/lib/observe/outcomes";
import { PAYMENT_COMPLETED } from "@/lib/vocabulary/event-types";

/** bodies: whether each stored event's JSON comes back (the single form answers it; a batch only ids). */
function insertEventsSql(bodies: boolean): string {
  const verdict = decision("m", "m.merchant_id");
  return `
WITH batch AS (
  -- data is the body's text read as jsonb: each Data object travels once, as the text that the
  -- body trigger wraps, instead of once as an object and again as that text.
  SELECT r.*, r.body::jsonb AS data FROM jsonb_to_recordset($1::jsonb) AS r(
    id text, merchant_id text, terminal_id text, acquirer_name text,
    acquirer_merchant_identifier text, acquirer_terminal_identifier text, transaction_status text,
    payment_method text, authorization_code text, retrieval_reference_number text, card_last4 text,
    dedup_key text, data_problem text, body text, trigger text, trace_parent text, n int)
), claimed AS (
  INSERT INTO event_dedup_keys (dedup_key, event_id, created_at)
  SELECT dedup_key, id, now() FROM batch WHERE dedup_key IS NOT NULL ORDER BY n
  ON CONFLICT (dedup_key) DO NOTHING
  RETURNING event_id
), fresh AS (
  SELECT b.*, b.acquirer_merchant_identifier AS mid, b.acquirer_terminal_identifier AS tid FROM batch b
  WHERE b.dedup_key IS NULL OR b.id IN (SELECT event_id FROM claimed)
), ${matchedCredentials("fresh")}, stored AS (
  INSERT INTO events AS e (id, type, status, failure_reason, attempt_count, data, merchant_id, terminal_id, acquirer_name,
    acquirer_merchant_identifier, acquirer_terminal_identifier, transaction_status, payment_method, authorization_code,
    retrieval_reference_number, card_last4, dedup_key, data_problem, body, owner_merchant_id, trace_parent, created_at)
  SELECT id, '${PAYMENT_COMPLETED}', ${verdict.status}, ${verdict.failureReason}, 1, data, merchant_id, terminal_id,
    acquirer_name, acquirer_merchant_identifier, acquirer_terminal_identifier, transaction_status, payment_method,
    authorization_code, retrieval_reference_number, card_last4, dedup_key, data_problem, body,
    ${verdict.owner}, trace_parent, now()
  FROM matched m ORDER BY n
  RETURNING e.id, e.created_at, e.type, e.status, e.failure_reason, e.trace_parent${bodies ? ", e.body" : ""}
), decided AS (
  SELECT s.*, m.credential_id, m.disabled_credential_id, m.trigger, m.acquirer_name FROM stored s JOIN matched m ON m.id = s.id
), ${recordDecisions("d.trigger")}
SELECT d.id, d.status, d.failure_reason AS "failureReason", d.acquirer_name AS "acquirerName"${bodies ? ", d.body AS json" : ""}
FROM decided d`;
}

const STATEMENTS = {
  ids: { name: "events_insert", text: insertEventsSql(false) },
  bodies: { name: "events_insert_bodies", text: insertEventsSql(true) },
};

/**
 * A notification to store: its new id, its Data object, who sent it (the attempt's trigger), and
 * the W3C traceparent of the request that sent it, when traced (kept on the event and its
 * outbox rows: lib/tracing/trace.ts).
 */
export type NewEvent = { id: string; data: EventData; trigger: string; traceParent?: string | null };
export type InsertedEvent = {
  id: string;
  status: "processed" | "failed";
  failureReason: string | null;
  acquirerName: string | null;
  json?: string;
};

/** The attempt's trigger of a notification sent by this user. */
export const ingestTrigger = (username: string) => `ingest:${username}`.slice(0, 80);

function rowOf(event: NewEvent, n: number) {
  const c = eventColumnsOf(event.data);
  return {
    id: event.id,
    merchant_id: c.merchantId,
    terminal_id: c.terminalId,
    acquirer_name: c.acquirerName,
    acquirer_merchant_identifier: c.acquirerMerchantIdentifier,
    acquirer_terminal_identifier: c.acquirerTerminalIdentifier,
    transaction_status: c.transactionStatus,
    payment_method: c.paymentMethod,
    authorization_code: c.authorizationCode,
    retrieval_reference_number: c.retrievalReferenceNumber,
    card_last4: c.cardLast4,
    dedup_key: c.dedupKey,
    data_problem: c.dataProblem,
    // The Data object's compact text: the body trigger wraps it (migration *_compact_event_body).
    body: JSON.stringify(event.data),
    trigger: event.trigger,
    trace_parent: event.traceParent ?? null,
    n,
  };
}

/**
 * Stores and decides the events in one statement (committed when it returns); returns those
 * stored, in no particular order. An event missing from the answer was a duplicate: its dedup key
 * was held by a stored event, or by an earlier one of `events`.
 */
export async function insertEvents(events: NewEvent[], options: { bodies: boolean }): Promise<InsertedEvent[]> {
  const statement = options.bodies ? STATEMENTS.bodies : STATEMENTS.ids;
  const rows = JSON.stringify(events.map(rowOf));
  const inserted = (await withEventMonth(() => sql({ ...statement, values: [rows] }))) as InsertedEvent[];
  reportOutcome({ kind: "events_decided", events: inserted });
  return inserted;
}
