// The columns of the events table lifted out of `data`: list filters, the `q` search, the
// worker's credential matching and the dedup key. Computed in one place, for ingestion and demo data.
import { type DataProblem, dataProblemOf } from "@/lib/events/data-problems";
import type { EventData } from "@/lib/events/data-schema";

export type EventColumns = {
  merchantId: string;
  terminalId: string;
  acquirerName: string;
  acquirerMerchantIdentifier: string;
  acquirerTerminalIdentifier: string;
  transactionStatus: string;
  paymentMethod: string;
  authorizationCode: string | null;
  retrievalReferenceNumber: string | null;
  cardLast4: string | null;
  /** acquirer|MID|TID|RRN|type|status|amount: the same notification twice is one event. Null without an RRN. */
  dedupKey: string | null;
  /** Why the worker will fail it although it was accepted; null when its values add up. */
  dataProblem: DataProblem | null;
};

// A void, a reversal or a capture carries the RRN of the authorization it acts on: the key must
// tell them apart, and tell a pending notification from its approval, and a partial capture from
// the full amount. Exactly the same notification again stays one event.
export function dedupKeyOf(data: EventData): string | null {
  const rrn = data.retrievalReferenceNumber;
  if (rrn === null) return null;
  return [
    data.acquirerName,
    data.acquirerMerchantIdentifier,
    data.acquirerTerminalIdentifier,
    rrn,
    data.transactionType,
    data.transactionStatus,
    data.amount,
  ].join("|");
}

export function eventColumnsOf(data: EventData): EventColumns {
  return {
    merchantId: data.merchantId,
    terminalId: data.terminalId,
    acquirerName: data.acquirerName,
    acquirerMerchantIdentifier: data.acquirerMerchantIdentifier,
    acquirerTerminalIdentifier: data.acquirerTerminalIdentifier,
    transactionStatus: data.transactionStatus,
    paymentMethod: data.paymentMethod,
    authorizationCode: data.authorizationCode,
    retrievalReferenceNumber: data.retrievalReferenceNumber,
    cardLast4: data.cardData?.last4 ?? null,
    dedupKey: dedupKeyOf(data),
    dataProblem: dataProblemOf(data),
  };
}

/** The lifted columns' names in the events table (data_problem aside), in liftedValues()'s order. */
export const LIFTED_COLUMNS = [
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
] as const;

/** The lifted columns' values in LIFTED_COLUMNS order: what an insert of an event writes beside `data`. */
export function liftedValues(c: EventColumns): (string | null)[] {
  return [
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
  ];
}
