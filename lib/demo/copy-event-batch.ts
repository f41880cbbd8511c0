// Streams a batch of demo events and their worker attempts into a PostgreSQL server with COPY
// (text format): no SQL to parse per row and no JSON to unpack, the server only stores rows (the
// body trigger and the count rollup's statement trigger still run, so rows are exactly what an
// INSERT leaves). The embedded database has no COPY FROM STDIN: it keeps insert-event-batch.ts.
import "server-only";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { DEMO_EVENT_COLUMNS, demoEventValues, iso } from "@/lib/demo/demo-event-row";
import type { DemoEvent } from "@/lib/demo/generate-events";
import type { EventData } from "@/lib/events/data-schema";
import { eventColumnsOf } from "@/lib/events/ingest/event-columns";

/** A value in COPY's text format: \N for null, JSON (data) as its text, backslash, tab and line breaks escaped. */
function field(value: string | number | null | EventData): string {
  if (value === null) return "\\N";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

const line = (values: (string | number | null | EventData)[]) => `${values.map(field).join("\t")}\n`;

const ATTEMPT_COLUMNS = [
  "id",
  "event_id",
  "event_created_at",
  "outcome",
  "failure_reason",
  "credential_id",
  '"trigger"',
  "started_at",
  "finished_at",
];

// The attempt's failure reason is the event's: a demo event has exactly one attempt.
function attemptLine(event: DemoEvent): string {
  const a = event.attempt!;
  return line([
    a.id,
    event.id,
    iso(event.createdAt),
    a.outcome,
    event.failureReason,
    a.credentialId,
    a.trigger,
    iso(a.startedAt),
    iso(a.finishedAt),
  ]);
}

async function copy(client: pg.ClientBase, table: string, columns: readonly string[], text: string): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  await pipeline(async function* () {
    yield text;
  }, stream);
}

/** The events, then (their foreign keys need the events) their attempts and dedup keys, in one transaction. */
export async function copyEventBatch(client: pg.ClientBase, events: DemoEvent[]): Promise<void> {
  await client.query("BEGIN");
  try {
    await copy(client, "events", DEMO_EVENT_COLUMNS, events.map((e) => line(demoEventValues(e))).join(""));
    const attempted = events.filter((e) => e.attempt);
    if (attempted.length > 0) await copy(client, "event_attempts", ATTEMPT_COLUMNS, attempted.map(attemptLine).join(""));
    // The global dedup index (migration *_partition_events).
    const keyed = events.flatMap((e) => {
      const key = eventColumnsOf(e.data).dedupKey;
      return key === null ? [] : [line([key, e.id, iso(e.createdAt)])];
    });
    if (keyed.length > 0) await copy(client, "event_dedup_keys", ["dedup_key", "event_id", "created_at"], keyed.join(""));
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
