// Writes a batch of demo events and their worker attempts in ONE statement: the rows travel as
// one JSON text parameter, unpacked by jsonb_to_recordset. One round trip per few thousand rows
// is what makes a million events load in minutes; one statement is what PGlite accepts.
import "server-only";
import { db } from "@/lib/db/client";
import type { DemoEvent } from "@/lib/demo/generate-events";
import { eventColumnsOf } from "@/lib/events/event-columns";

const iso = (ms: number) => new Date(ms).toISOString();

function rowOf(event: DemoEvent) {
  const columns = eventColumnsOf(event.data);
  const attempt = event.attempt;
  return {
    id: event.id,
    type: event.type,
    status: event.status,
    data: event.data,
    merchant_id: columns.merchantId,
    terminal_id: columns.terminalId,
    acquirer_name: columns.acquirerName,
    acquirer_merchant_identifier: columns.acquirerMerchantIdentifier,
    acquirer_terminal_identifier: columns.acquirerTerminalIdentifier,
    transaction_status: columns.transactionStatus,
    payment_method: columns.paymentMethod,
    authorization_code: columns.authorizationCode,
    retrieval_reference_number: columns.retrievalReferenceNumber,
    card_last4: columns.cardLast4,
    dedup_key: columns.dedupKey,
    failure_reason: event.failureReason,
    attempt_count: attempt ? 1 : 0,
    created_at: iso(event.createdAt),
    updated_at: iso(event.updatedAt),
    attempt_id: attempt?.id ?? null,
    attempt_outcome: attempt?.outcome ?? null,
    attempt_credential_id: attempt?.credentialId ?? null,
    attempt_trigger: attempt?.trigger ?? null,
    attempt_started_at: attempt ? iso(attempt.startedAt) : null,
    attempt_finished_at: attempt ? iso(attempt.finishedAt) : null,
  };
}

const EVENT_COLUMNS = [
  "id",
  "type",
  "status",
  "data",
  "merchant_id",
  "terminal_id",
  "acquirer_name",
  "acquirer_merchant_identifier",
  "acquirer_terminal_identifier",
  "transaction_status",
  "payment_method",
  "authorization_code",
  "retrieval_reference_number",
  "card_last4",
  "dedup_key",
  "failure_reason",
  "attempt_count",
  "created_at",
  "updated_at",
].join(", ");

// The attempt's failure reason is the event's: a demo event has exactly one attempt.
const INSERT_EVENTS_WITH_ATTEMPTS = `
WITH batch AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
    id text, type text, status text, data jsonb,
    merchant_id text, terminal_id text, acquirer_name text,
    acquirer_merchant_identifier text, acquirer_terminal_identifier text,
    transaction_status text, payment_method text, authorization_code text,
    retrieval_reference_number text, card_last4 text, dedup_key text,
    failure_reason text, attempt_count int, created_at timestamptz, updated_at timestamptz,
    attempt_id text, attempt_outcome text, attempt_credential_id text, attempt_trigger text,
    attempt_started_at timestamptz, attempt_finished_at timestamptz)
), inserted_events AS (
  INSERT INTO events (${EVENT_COLUMNS})
  SELECT ${EVENT_COLUMNS} FROM batch
)
INSERT INTO event_attempts (id, event_id, outcome, failure_reason, credential_id, "trigger", started_at, finished_at)
SELECT attempt_id, id, attempt_outcome, failure_reason, attempt_credential_id, attempt_trigger, attempt_started_at, attempt_finished_at
FROM batch WHERE attempt_id IS NOT NULL`;

export async function insertEventBatch(events: DemoEvent[]): Promise<void> {
  await db().$executeRawUnsafe(INSERT_EVENTS_WITH_ATTEMPTS, JSON.stringify(events.map(rowOf)));
}
