// Writes a batch of demo events and their worker attempts in ONE statement: the rows travel as
// one JSON text parameter, unpacked by jsonb_to_recordset. One round trip per few thousand rows
// is what makes a million events load in minutes; one statement is what PGlite accepts.
import "server-only";
import { db } from "@/lib/db/client";
import { DEMO_EVENT_COLUMNS, demoEventValues, iso } from "@/lib/demo/demo-event-row";
import type { DemoEvent } from "@/lib/demo/generate-events";

function rowOf(event: DemoEvent) {
  const values = demoEventValues(event);
  const attempt = event.attempt;
  return {
    ...Object.fromEntries(DEMO_EVENT_COLUMNS.map((column, i) => [column, values[i]])),
    attempt_id: attempt?.id ?? null,
    attempt_outcome: attempt?.outcome ?? null,
    attempt_credential_id: attempt?.credentialId ?? null,
    attempt_trigger: attempt?.trigger ?? null,
    attempt_started_at: attempt ? iso(attempt.startedAt) : null,
    attempt_finished_at: attempt ? iso(attempt.finishedAt) : null,
  };
}

const EVENT_COLUMNS = DEMO_EVENT_COLUMNS.join(", ");

// The attempt's failure reason is the event's: a demo event has exactly one attempt.
const INSERT_EVENTS_WITH_ATTEMPTS = `
WITH batch AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
    id text, type text, status text, data jsonb, body text,
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
), dedup_keys AS (
  -- The global dedup index (migration *_partition_events).
  INSERT INTO event_dedup_keys (dedup_key, event_id, created_at)
  SELECT dedup_key, id, created_at FROM batch WHERE dedup_key IS NOT NULL
)
INSERT INTO event_attempts (id, event_id, event_created_at, outcome, failure_reason, credential_id, "trigger", started_at, finished_at)
SELECT attempt_id, id, created_at, attempt_outcome, failure_reason, attempt_credential_id, attempt_trigger, attempt_started_at, attempt_finished_at
FROM batch WHERE attempt_id IS NOT NULL`;

export async function insertEventBatch(events: DemoEvent[]): Promise<void> {
  await db().$executeRawUnsafe(INSERT_EVENTS_WITH_ATTEMPTS, JSON.stringify(events.map(rowOf)));
}
