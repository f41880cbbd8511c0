// POST /v1/webhooks/events/batch: up to 100 notifications stored and decided in ONE statement
// (rows as one JSON parameter, unpacked by jsonb_to_recordset, as the demo loader does), each
// answered in order: created, duplicate (the stored event's id and status) or invalid (its field
// errors).
// One bad item never refuses the others: text PostgreSQL cannot store, a member named twice (the
// body reader finds it, lib/validation/json-members.ts) or a field the schema refuses. Sending the same batch again answers every item as a
// duplicate with the same ids: the dedup key makes it idempotent, like the single form.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { sql } from "@/lib/db/client";
import type { BatchIngestResult, BatchItemResult } from "@/lib/events/batch-schema";
import { type EventData, eventDataSchema } from "@/lib/events/data-schema";
import { credentialMatch, decidedFailureReason, decidedOwner, decidedStatus, recordDecisions } from "@/lib/events/decision-sql";
import { eventColumnsOf } from "@/lib/events/event-columns";
import { PAYMENT_COMPLETED } from "@/lib/events/ingest-event";
import { withEventMonth } from "@/lib/events/partitions";
import { newId } from "@/lib/ids";
import { countDecisions, countReceived } from "@/lib/metrics/registry";
import { duplicateMemberErrors } from "@/lib/validation/json-members";
import { unstorableText } from "@/lib/validation/storable-text";
import { fieldErrorsOf } from "@/lib/validation/zod-errors";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";

// As the single form (ingest-event.ts): the keys are claimed first in event_dedup_keys and only
// the rows whose key was claimed (or that have none) are stored. Two items of one batch with the
// same key: the first (in n order) claims it, the second is a duplicate of it.
// Unlike the single form, each stored row is decided on arrival (decision-sql.ts: the worker's
// rule, attempt record and outbox), so a batch is written once instead of inserted pending and
// updated by the worker: at thousands of events a second, that second write of a wide, heavily
// indexed row was what the worker could not keep up with (docs/benchmarks.md).
const INSERT_BATCH_SQL = `
WITH batch AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
    id text, data jsonb, merchant_id text, terminal_id text, acquirer_name text,
    acquirer_merchant_identifier text, acquirer_terminal_identifier text, transaction_status text,
    payment_method text, authorization_code text, retrieval_reference_number text, card_last4 text,
    dedup_key text, data_problem text, body text, n int)
), claimed AS (
  INSERT INTO event_dedup_keys (dedup_key, event_id, created_at)
  SELECT dedup_key, id, now() FROM batch WHERE dedup_key IS NOT NULL ORDER BY n
  ON CONFLICT (dedup_key) DO NOTHING
  RETURNING event_id
), fresh AS (
  SELECT b.*, b.acquirer_merchant_identifier AS mid, b.acquirer_terminal_identifier AS tid FROM batch b
  WHERE b.dedup_key IS NULL OR b.id IN (SELECT event_id FROM claimed)
), matched AS MATERIALIZED (
  SELECT f.*, m.credential_id, m.any_credential, m.credential_merchant_id FROM fresh f CROSS JOIN LATERAL ${credentialMatch("f")} m
), stored AS (
  INSERT INTO events AS e (id, type, status, failure_reason, attempt_count, data, merchant_id, terminal_id, acquirer_name,
    acquirer_merchant_identifier, acquirer_terminal_identifier, transaction_status, payment_method, authorization_code,
    retrieval_reference_number, card_last4, dedup_key, data_problem, body, owner_merchant_id, created_at)
  SELECT id, '${PAYMENT_COMPLETED}', ${decidedStatus("m")}, ${decidedFailureReason("m")}, 1, data, merchant_id, terminal_id,
    acquirer_name, acquirer_merchant_identifier, acquirer_terminal_identifier, transaction_status, payment_method,
    authorization_code, retrieval_reference_number, card_last4, dedup_key, data_problem, body,
    ${decidedOwner("m", "m.merchant_id")}, now()
  FROM matched m ORDER BY n
  RETURNING e.id, e.created_at, e.type, e.status, e.failure_reason
), decided AS (
  SELECT s.id, s.created_at, s.type, s.status, s.failure_reason, m.credential_id, m.acquirer_name
  FROM stored s JOIN matched m ON m.id = s.id
), ${recordDecisions("$2")}
SELECT d.id, d.status, d.failure_reason AS "failureReason", d.acquirer_name AS "acquirerName" FROM decided d`;

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
    const rows = valid.map((v, n) => {
      const c = eventColumnsOf(v.data);
      return {
        id: v.id,
        data: v.data,
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
        body: JSON.stringify(v.data),
        n,
      };
    });
    const decided = (await withEventMonth(() =>
      sql({
        name: "events_ingest_batch",
        text: INSERT_BATCH_SQL,
        values: [JSON.stringify(rows), `ingest:${options.caller.username}`.slice(0, 80)],
      }),
    )) as { id: string; status: "processed" | "failed"; failureReason: string | null; acquirerName: string }[];
    countDecisions(decided);
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
  countReceived(
    results.map((r) => ({
      acquirerName: (options.items[r.index] as { acquirerName?: unknown } | null)?.acquirerName,
      result: r.result,
    })),
  );
  const count = (result: BatchItemResult["result"]) => results.filter((r) => r.result === result).length;
  return { data: results, summary: { created: count("created"), duplicate: count("duplicate"), invalid: count("invalid") } };
}
