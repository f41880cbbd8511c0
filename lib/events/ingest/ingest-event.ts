// POST /v1/webhooks/events: a payment notification stored and decided on arrival (processed or
// failed, with its attempt and webhook deliveries), answered 202 once committed. Concurrent
// notifications are written together (group commit): one statement for all of them, the batch's
// (insert-events.ts). The same notification again (acquirer, MID, TID, RRN, type, status and
// amount) returns the stored event (to a caller without `read`, only its id and status).
import "server-only";
import { z } from "zod";
import { type Caller, can, requirePermission } from "@/lib/access/roles";
import { sql } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/group-commit";
import { EVENT_STATUSES, type EventData } from "@/lib/events/data-schema";
import { eventColumnsOf } from "@/lib/events/ingest/event-columns";
import { type InsertedEvent, ingestTrigger, insertEvents, type NewEvent } from "@/lib/events/ingest/insert-events";
import { newId } from "@/lib/ids";
import { reportOutcome } from "@/lib/observe/outcomes";
import { activeTraceparent, inSpan } from "@/lib/tracing/trace";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";

// The batch's limit: a group is at most as large as a batch, whose statement is measured.
const MAX_GROUP = 100;

// One group in flight at a time: the notifications that arrive meanwhile go together in the next
// one. Under load every statement carries many rows; idle, a notification waits for nothing.
const singles = groupCommit<NewEvent, InsertedEvent | undefined>(
  async (events) => {
    const stored = await insertEvents(events, { bodies: true });
    if (stored.some((e) => e.status === "processed")) nudgeDeliveryWorker();
    const byId = new Map(stored.map((e) => [e.id, e]));
    return events.map((e) => byId.get(e.id));
  },
  { maxGroup: MAX_GROUP, trace: "events_insert" },
);

// The stored event of a key, by its primary key: the key's created_at (kept equal to the event's
// by the foreign key's ON UPDATE CASCADE) prunes the lookup to the event's month.
const EXISTING_SQL = `
SELECT e.id, e.status, e.body AS json FROM event_dedup_keys k
JOIN events e ON e.id = k.event_id AND e.created_at = k.created_at
WHERE k.dedup_key = $1`;

/**
 * What a caller without `read` (an ingest account) learns of a notification seen before: the
 * stored event may come from another sender and holds a card holder's name.
 */
export const eventReceiptSchema = z.strictObject({
  id: z.string().describe("The stored event's id"),
  status: z.enum(EVENT_STATUSES).describe("Its processing status"),
});

type ExistingRow = { id: string; json: string; status: string };
export type IngestResult = { created: boolean; id: string; json: string };

/**
 * Traced, the event keeps this span's context (trace_parent): its processing and each delivery
 * attempt of its webhooks join the notification's trace.
 */
export async function ingestEvent(options: { caller: Caller; data: EventData }): Promise<IngestResult> {
  requirePermission(options.caller, "events:ingest");
  const id = newId();
  return inSpan("event.ingest", { attributes: { "event.id": id } }, async (span) => {
    const trigger = ingestTrigger(options.caller.username);
    const inserted = await singles.submit({ id, data: options.data, trigger, traceParent: activeTraceparent() });
    span?.setAttributes({ "event.created": inserted !== undefined, "event.status": inserted?.status ?? "duplicate" });
    const result = inserted?.json ? { created: true, id, json: inserted.json } : await existingEvent(options);
    const received = result.created ? "created" : "duplicate";
    reportOutcome({ kind: "events_received", events: [{ acquirerName: options.data.acquirerName, result: received }] });
    return result;
  });
}

async function existingEvent(options: { caller: Caller; data: EventData }): Promise<IngestResult> {
  const dedupKey = eventColumnsOf(options.data).dedupKey;
  const [existing] = (await sql({ name: "events_by_dedup_key", text: EXISTING_SQL, values: [dedupKey] })) as ExistingRow[];
  if (!existing) throw new Error("dedup conflict without an existing event");
  const json = can(options.caller, "read") ? existing.json : JSON.stringify({ id: existing.id, status: existing.status });
  return { created: false, id: existing.id, json };
}
