// POST /v1/webhooks/events: a payment notification stored at once as `pending` and handed to the
// worker. The same notification again (acquirer, MID, TID, RRN, type, status and amount) returns
// the stored event (to a caller without `read`, only its id and status).
import "server-only";
import { z } from "zod";
import { type Caller, can, requirePermission } from "@/lib/auth/roles";
import { sql } from "@/lib/db/client";
import { EVENT_STATUSES, type EventData } from "@/lib/events/data-schema";
import { eventColumnsOf, liftedValues } from "@/lib/events/event-columns";
import { withEventMonth } from "@/lib/events/partitions";
import { nudgeEventWorker } from "@/lib/events/worker";
import { newId } from "@/lib/ids";

export const PAYMENT_COMPLETED = "payment.completed";

// The dedup key is claimed first, in event_dedup_keys (one table across every month: migration
// *_partition_events), and the event is stored only if the claim succeeded, in the same
// statement: two identical notifications at once meet on the key's primary key, the second
// waits for the first to commit, claims nothing and stores nothing. Both rows take the
// transaction's now(), so the key holds the event's created_at (its foreign key checks it).
const INSERT_SQL = `
WITH claimed AS (
  INSERT INTO event_dedup_keys (dedup_key, event_id, created_at)
  SELECT $14::text, $1::text, now() WHERE $14::text IS NOT NULL
  ON CONFLICT (dedup_key) DO NOTHING
  RETURNING event_id
)
INSERT INTO events AS e (id, type, status, data, merchant_id, terminal_id, acquirer_name, acquirer_merchant_identifier,
  acquirer_terminal_identifier, transaction_status, payment_method, authorization_code, retrieval_reference_number,
  card_last4, dedup_key, data_problem, body, created_at)
-- Every parameter typed: in INSERT ... SELECT they take no type from the target columns.
SELECT $1::text, $2::text, 'pending', $3::text::jsonb, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text,
  $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $3::text, now()
WHERE $14::text IS NULL OR EXISTS (SELECT 1 FROM claimed)
RETURNING e.id, e.body AS json`;

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

type IngestedRow = { id: string; json: string };
type ExistingRow = IngestedRow & { status: string };
export type IngestResult = { created: boolean } & IngestedRow;

export async function ingestEvent(options: { caller: Caller; data: EventData }): Promise<IngestResult> {
  requirePermission(options.caller, "events:ingest");
  const c = eventColumnsOf(options.data);
  const values = [newId(), PAYMENT_COMPLETED, JSON.stringify(options.data), ...liftedValues(c), c.dataProblem];
  const [inserted] = (await withEventMonth(() => sql({ name: "events_ingest", text: INSERT_SQL, values }))) as IngestedRow[];
  if (inserted) {
    nudgeEventWorker();
    return { created: true, ...inserted };
  }
  const [existing] = (await sql({ name: "events_by_dedup_key", text: EXISTING_SQL, values: [c.dedupKey] })) as ExistingRow[];
  if (!existing) throw new Error("dedup conflict without an existing event");
  const json = can(options.caller, "read") ? existing.json : JSON.stringify({ id: existing.id, status: existing.status });
  return { created: false, id: existing.id, json };
}
