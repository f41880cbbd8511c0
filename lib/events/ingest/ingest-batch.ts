// POST /v1/webhooks/events/batch: up to 100 notifications stored and decided in ONE statement
// (rows as one JSON parameter, unpacked by jsonb_to_recordset, as the demo loader does), each
// answered in order: created, duplicate (the stored event's id and status) or invalid (its field
// errors).
// One bad item never refuses the others: text PostgreSQL cannot store, a member named twice (the
// body reader finds it, lib/validation/json-members.ts) or a field the schema refuses. Sending the same batch again answers every item as a
// duplicate with the same ids: the dedup key makes it idempotent, like the single form.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { sql } from "@/lib/db/client";
import { type EventData, eventDataSchema } from "@/lib/events/data-schema";
import type { BatchIngestResult, BatchItemResult } from "@/lib/events/ingest/batch-schema";
import { eventColumnsOf } from "@/lib/events/ingest/event-columns";
import { ingestTrigger, insertEvents } from "@/lib/events/ingest/insert-events";
import { newId } from "@/lib/ids";
import { reportOutcome } from "@/lib/observe/outcomes";
import { activeTraceparent } from "@/lib/tracing/trace";
import { duplicateMemberErrors } from "@/lib/validation/json-members";
import { unstorableText } from "@/lib/validation/storable-text";
import { fieldErrorsOf } from "@/lib/validation/zod-errors";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";

// The valid items are stored and decided by one statement (insert-events.ts, shared with the
// single form's grouped writes, which reports the decisions for /metrics); the duplicates are then
// looked up by dedup key.
const EXISTING_SQL = `
SELECT e.id, e.status, k.dedup_key FROM event_dedup_keys k
JOIN events e ON e.id = k.event_id AND e.created_at = k.created_at
WHERE k.dedup_key = ANY($1::text[])`;

type Valid = { index: number; id: string; data: EventData; dedupKey: string | null };

function validated(index: number, item: unknown, duplicates: string[][]): Valid | BatchItemResult {
  const invalid = (errors: BatchItemResult["errors"]): BatchItemResult => ({
    index,
    result: "invalid",
    id: null,
    status: null,
    errors,
  });
  if (duplicates.length > 0) return invalid(duplicateMemberErrors(duplicates));
  const bad = unstorableText(item);
  if (bad) return invalid([{ field: `events.${index}${bad.path ? `.${bad.path}` : ""}`, message: bad.message }]);
  const parsed = eventDataSchema.safeParse(item);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error, `events.${index}`));
  return { index, id: newId(), data: parsed.data, dedupKey: eventColumnsOf(parsed.data).dedupKey };
}

/**
 * `duplicateMembers`: the paths (events.i.member...) of members that an item's objects name
 * twice; JSON.parse kept the last, so such an item is refused, not stored as one reading of it.
 */
export async function ingestEventBatch(options: {
  caller: Caller;
  items: unknown[];
  duplicateMembers?: string[][];
}): Promise<BatchIngestResult> {
  requirePermission(options.caller, "events:ingest");
  const results: BatchItemResult[] = [];
  const valid: Valid[] = [];
  const duplicatesOf = new Map<number, string[][]>();
  for (const path of options.duplicateMembers ?? []) {
    const index = Number(path[1]);
    duplicatesOf.set(index, [...(duplicatesOf.get(index) ?? []), path]);
  }
  options.items.forEach((item, index) => {
    const outcome = validated(index, item, duplicatesOf.get(index) ?? []);
    if ("result" in outcome) results[index] = outcome;
    else valid.push(outcome);
  });

  if (valid.length > 0) {
    const trigger = ingestTrigger(options.caller.username);
    // Traced, every event of the batch keeps the batch request's trace context.
    const traceParent = activeTraceparent();
    const decided = await insertEvents(
      valid.map((v) => ({ id: v.id, data: v.data, trigger, traceParent })),
      { bodies: false },
    );
    const inserted = new Map(decided.map((r) => [r.id, r.status]));
    const seenKeys = valid.filter((v) => !inserted.has(v.id) && v.dedupKey !== null).map((v) => v.dedupKey as string);
    const existing = new Map<string, { id: string; status: BatchItemResult["status"] }>();
    if (seenKeys.length > 0) {
      const found = (await sql({ name: "events_by_dedup_keys", text: EXISTING_SQL, values: [seenKeys] })) as {
        id: string;
        status: NonNullable<BatchItemResult["status"]>;
        dedup_key: string;
      }[];
      for (const row of found) existing.set(row.dedup_key, { id: row.id, status: row.status });
    }
    for (const v of valid) {
      const status = inserted.get(v.id);
      if (status) {
        results[v.index] = { index: v.index, result: "created", id: v.id, status, errors: [] };
        continue;
      }
      const stored = v.dedupKey === null ? undefined : existing.get(v.dedupKey);
      if (!stored) throw new Error("batch dedup conflict without an existing event");
      results[v.index] = { index: v.index, result: "duplicate", id: stored.id, status: stored.status, errors: [] };
    }
    if (decided.some((r) => r.status === "processed")) nudgeDeliveryWorker();
  }

  // An invalid member's acquirer is whatever it said (bucketed by the label: lib/metrics/labels.ts).
  reportOutcome({
    kind: "events_received",
    events: results.map((r) => ({
      acquirerName: (options.items[r.index] as { acquirerName?: unknown } | null)?.acquirerName,
      result: r.result,
    })),
  });
  const count = (result: BatchItemResult["result"]) => results.filter((r) => r.result === result).length;
  return { data: results, summary: { created: count("created"), duplicate: count("duplicate"), invalid: count("invalid") } };
}
