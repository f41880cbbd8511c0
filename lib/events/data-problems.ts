// Well-formed notifications whose values do not add up. Ingestion never refuses them (a refused
// notification is a lost one): the event is stored as sent, and the worker marks it `failed` with
// the problem as its failureReason, so operators see it, can fix the sender, and retry.
// Combinations real acquirers send routinely are not problems: installments 0 or 1 on any
// payment (a single payment), installmentInterest without installments, an AID on a magstripe or
// manual read (a chip fallback keeps the AID it tried).
import type { EventData } from "@/lib/events/data-schema";

export const DATA_PROBLEMS = {
  missing_card_data: "a card payment arrived without cardData",
  card_data_on_pix: "a pix payment arrived with cardData or an EMV AID",
  installments_not_on_credit: "more than one installment on a payment that is not credit",
  missing_authorization_code: "an approved card payment arrived without an authorizationCode",
} as const;

export type DataProblem = keyof typeof DATA_PROBLEMS;

/** The first implausible combination in `data`, or null when it adds up. */
export function dataProblemOf(data: EventData): DataProblem | null {
  const card = data.paymentMethod !== "pix";
  if (card && data.cardData === null) return "missing_card_data";
  if (!card && (data.cardData !== null || data.productAid !== null)) return "card_data_on_pix";
  if (data.installments !== null && data.installments > 1 && data.paymentMethod !== "credit_card") {
    return "installments_not_on_credit";
  }
  if (card && data.transactionStatus === "approved" && data.authorizationCode === null) return "missing_authorization_code";
  return null;
}
