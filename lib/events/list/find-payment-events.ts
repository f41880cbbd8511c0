// The events of one payment (docs/api.md, "The whole payment"): the authorization or
// pre-authorization and the captures, voids and reversals of it. Linked when they share the
// acquirer, MID and TID, and the RRN/NSU, or the authorization code where the RRNs do not
// contradict it (one of them has none); and never across merchants (the same owner), payment
// methods or cards (last 4, when both have one), nor further apart than PAYMENT_WINDOW_DAYS (NSUs
// repeat: Cielo's has 6 digits). One indexed read (events_rrn_prefix_idx,
// events_authorization_code_prefix_idx, pruned to the months of the window) per round, for the detail
// only: the list never asks. A second round follows the RRNs and codes the first found (a void
// that names only the authorization code reaches the capture that names only the RRN). An event
// without an RRN cannot tell two payments with its code apart: it links to both (the card, method
// and window rarely leave two).
import "server-only";
import { readSql } from "@/lib/db/client";
import { type PaymentDto, type PaymentEventDto, paymentStateOf } from "@/lib/events/list/payment-state";

/** How far apart a payment's events may be: a pre-authorization is captured within 30 days. */
export const PAYMENT_WINDOW_DAYS = 31;
const MAX_EVENTS = 50;
const ROUNDS = 2;

/** The event's own columns that name its payment (the lifted columns of lib/events/ingest/event-columns.ts). */
export type PaymentIdentity = {
  id: string;
  createdAt: Date;
  ownerMerchantId: string | null;
  acquirerName: string | null;
  acquirerMerchantIdentifier: string | null;
  acquirerTerminalIdentifier: string | null;
  retrievalReferenceNumber: string | null;
  authorizationCode: string | null;
  paymentMethod: string | null;
  cardLast4: string | null;
};

/** $1..$10: acquirer, MID, TID, owner, payment method, from, to, card last 4, RRNs, codes. Exported for its plan's test. */
export const PAYMENT_EVENTS_SQL = `
SELECT e.id, e.type, e.data->>'transactionType' AS "transactionType", e.transaction_status AS "transactionStatus",
  (e.data->>'amount')::bigint AS amount, e.created_at AS "createdAt",
  upper(e.retrieval_reference_number) AS rrn, upper(e.authorization_code) AS code
FROM events e
WHERE e.acquirer_name = $1 AND e.acquirer_merchant_identifier = $2 AND e.acquirer_terminal_identifier = $3
  AND e.owner_merchant_id = $4 AND e.payment_method = $5
  AND e.created_at >= $6 AND e.created_at < $7
  AND (e.card_last4 IS NULL OR $8::varchar IS NULL OR e.card_last4 = $8::varchar)
  AND ((upper(e.retrieval_reference_number) COLLATE "C") = ANY ($9::varchar[])
    OR ((upper(e.authorization_code) COLLATE "C") = ANY ($10::varchar[]) AND (e.retrieval_reference_number IS NULL OR cardinality($9::varchar[]) = 0)))
ORDER BY e.created_at, e.id
LIMIT ${MAX_EVENTS}`;

type Row = Omit<PaymentEventDto, "amount" | "createdAt"> & {
  amount: string | number;
  createdAt: string | Date;
  rrn: string | null;
  code: string | null;
};

const present = (r: Row): PaymentEventDto => ({
  id: r.id,
  type: r.type,
  transactionType: r.transactionType,
  transactionStatus: r.transactionStatus,
  amount: Number(r.amount),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** An event row as its payment reads it: the columns that name the payment, its type and its stored Data. */
export type PaymentEventRow = PaymentIdentity & { type: string; data: unknown };

/** The event itself as one of its payment's events (what the payment's state reads of its Data). */
function memberOf(event: PaymentEventRow): PaymentEventDto {
  const data = event.data as Pick<PaymentEventDto, "transactionType" | "transactionStatus" | "amount">;
  return {
    id: event.id,
    type: event.type,
    transactionType: data.transactionType,
    transactionStatus: data.transactionStatus,
    amount: data.amount,
    createdAt: event.createdAt.toISOString(),
  };
}

/** The payment of an event already found within the caller's scope (its owner is the caller's merchant). */
export async function findPayment(event: PaymentEventRow): Promise<PaymentDto> {
  const self = memberOf(event);
  const { acquirerName, acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: tid, ownerMerchantId } = event;
  // Compared upper-cased: the identifiers' indexes are on upper(...) COLLATE "C" (the search's
  // prefix indexes, prisma/migrations/*_forgiving_search), and a code's case says nothing.
  const rrns = new Set(event.retrievalReferenceNumber ? [event.retrievalReferenceNumber.toUpperCase()] : []);
  const codes = new Set(event.authorizationCode ? [event.authorizationCode.toUpperCase()] : []);
  if (!acquirerName || !mid || !tid || !ownerMerchantId || !event.paymentMethod || rrns.size + codes.size === 0)
    return { state: paymentStateOf([self]), events: [self] };
  const window = PAYMENT_WINDOW_DAYS * 86_400_000;
  const from = new Date(event.createdAt.getTime() - window);
  const to = new Date(event.createdAt.getTime() + window);
  let rows: Row[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const known = rrns.size + codes.size;
    // Unnamed, so planned with its values each time: a named (generic) plan walked the terminal's
    // whole 62 days on its (TID, created_at) index, 2,337 rows for one hit at 1M events, where
    // the values' plan probes the RRN and code indexes (docs/api.md, "The whole payment").
    rows = (await readSql({
      text: PAYMENT_EVENTS_SQL,
      values: [acquirerName, mid, tid, ownerMerchantId, event.paymentMethod, from, to, event.cardLast4, [...rrns], [...codes]],
    })) as Row[];
    for (const r of rows) {
      if (r.rrn) rrns.add(r.rrn);
      if (r.code) codes.add(r.code);
    }
    if (rrns.size + codes.size === known) break;
  }
  // The event itself is always there (a replica a moment behind may not have it yet).
  const events = rows.some((r) => r.id === self.id) ? rows.map(present) : [...rows.map(present), self];
  events.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { state: paymentStateOf(events), events };
}
