// Putting events in the database for list tests: through the real ingestion, then (where a
// test needs it) moved in time directly in SQL.
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import type { EventDataInput } from "@/lib/events/data-schema";
import { ensureEventPartitions } from "@/lib/events/retention/partitions";
import { call } from "./api";
import { cardEventData } from "./event-data";

export async function ingestEvents(token: string, count: number, overrides: (i: number) => Partial<EventDataInput> = () => ({})) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(ingest, "/v1/webhooks/events", { token, body: cardEventData(overrides(i)) });
    if (res.status !== 202) throw new Error(`ingest failed: ${res.status} ${res.text}`);
    ids.push(res.json.id);
  }
  return ids;
}

/** Moves events in time; their months are made first (there is no DEFAULT partition). */
export async function setCreatedAt(ids: string[], at: (i: number) => Date) {
  await ensureMonthsOf(ids.map((_, i) => at(i)));
  for (let i = 0; i < ids.length; i++) {
    await db().$executeRaw`UPDATE events SET created_at = ${at(i)}, updated_at = ${at(i)} WHERE id = ${ids[i]}`;
  }
}

/** Runs the worker's processing until the queue is empty. */
export async function drainQueue(): Promise<void> {
  const { processPendingEvents } = await import("@/lib/events/process/process-events");
  while ((await processPendingEvents()).length > 0) {}
}

/** Makes the month partitions of these instants (tests that move events in time by hand). */
export async function ensureMonthsOf(instants: Date[]): Promise<void> {
  const months = new Set(instants.map((d) => d.toISOString().slice(0, 7)));
  for (const month of months) await ensureEventPartitions(new Date(`${month}-01T00:00:00Z`), 0);
}

/**
 * Events stored `pending`, for tests of the worker: ingestion decides on arrival, so only a load
 * (the demo loader's statement, used here) or an upgrade leaves events for the worker.
 */
export async function insertPendingEvents(count: number, overrides: (i: number) => Partial<EventDataInput> = () => ({})) {
  const { insertEventBatch } = await import("@/lib/demo/insert-event-batch");
  const { eventDataSchema } = await import("@/lib/events/data-schema");
  const { newId } = await import("@/lib/ids");
  const now = Date.now();
  const events = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    type: "payment.completed" as const,
    status: "pending" as const,
    failureReason: null,
    data: eventDataSchema.parse(cardEventData(overrides(i))),
    createdAt: now,
    updatedAt: now,
    attempt: null,
  }));
  await insertEventBatch(events);
  return events.map((e) => e.id);
}
