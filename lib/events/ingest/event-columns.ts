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
  /** acquirer|MID|TID|RRN|type|status|amount|auth code|BIN|last4|method|installments|currency: the same notification twice is one event. Null without an RRN. */
  dedupKey: string | null;
  /** Why the worker will fail it although it was accepted; null when its values add up. */
  dataProblem: DataProblem | null;
};

/**
 * The identity of a notification: every field a repeat of the same notification keeps and two
 * payments can differ in (docs/api.md, "The dedup key"). A void, a reversal or a capture carries
 * the RRN of the authorization it acts on: type, status and amount tell them apart, and a pending
 * notification from its approval, a partial capture from the full amount. NSUs repeat (Cielo's
 * has 6 digits), so two approved authorizations on one terminal can share RRN and amount: the
 * authorization code and the card (BIN, last 4), the payment method, installments and currency
 * tell those apart (else the second was dropped as a duplicate). Left out: metadata (the sender's annotations, which a resend may
 * add to), terminal data (the device's state), the holder name (personal data, and padded as
 * each read of the chip gives it) and the response code (the status already says the outcome).
 * A part that is null is empty. The migration *_dedup_key_payment_identity builds the same key
 * in SQL; no part can hold "|" (lib/events/data-schema.ts).
 */
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
    data.authorizationCode ?? "",
    data.cardData?.bin ?? "",
    data.cardData?.last4 ?? "",
    data.paymentMethod,
    data.installments ?? "",
    data.currency,
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
