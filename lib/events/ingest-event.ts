// POST /v1/webhooks/events: a payment notification stored at once as `pending` and handed to the
// worker. The same notification again (acquirer, MID, TID, RRN, type, status and amount) returns
// the stored event (to a caller without `read`, only its id and status).
import "server-only";
import { z } from "zod";
import { type Caller, can, requirePermission } from "@/lib/auth/roles";
import { sql } from "@/lib/db/client";
import { EVENT_STATUSES, type EventData } from "@/lib/events/data-schema";
import { eventColumnsOf } from "@/lib/events/event-columns";
import { nudgeEventWorker } from "@/lib/events/worker";
import { newId } from "@/lib/ids";

export const PAYMENT_COMPLETED = "payment.completed";

const INSERT_SQL = `
INSERT INTO events AS e (id, type, status, data, merchant_id, terminal_id, acquirer_name, acquirer_merchant_identifier,
  acquirer_terminal_identifier, transaction_status, payment_method, authorization_code, retrieval_reference_number,
  card_last4, dedup_key, data_problem)
VALUES ($1, $2, 'pending', $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
ON CONFLICT (dedup_key) DO NOTHING
RETURNING e.id, e.body AS json`;

const EXISTING_SQL = `SELECT e.id, e.status, e.body AS json FROM events e WHERE e.dedup_key = $1`;

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
  const values = [
    newId(),
    PAYMENT_COMPLETED,
    JSON.stringify(options.data),
    c.merchantId,
    c.terminalId,
    c.acquirerName,
    c.acquirerMerchantIdentifier,
    c.acquirerTerminalIdentifier,
    c.transactionStatus,
    c.paymentMethod,
    c.authorizationCode,
    c.retrievalReferenceNumber,
    c.cardLast4,
    c.dedupKey,
    c.dataProblem,
  ];
  const [inserted] = (await sql({ name: "events_ingest", text: INSERT_SQL, values })) as IngestedRow[];
  if (inserted) {
    nudgeEventWorker();
    return { created: true, ...inserted };
  }
  const [existing] = (await sql({ name: "events_by_dedup_key", text: EXISTING_SQL, values: [c.dedupKey] })) as ExistingRow[];
  if (!existing) throw new Error("dedup conflict without an existing event");
  const json = can(options.caller, "read") ? existing.json : JSON.stringify({ id: existing.id, status: existing.status });
  return { created: false, id: existing.id, json };
}
