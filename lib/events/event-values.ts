// The value lists of the Data object that its filters offer, without zod: the filter table
// (lib/events/list/event-filter-table.ts), which the events page ships, reads them; data-schema.ts validates with them.
import { DATA_PROBLEMS, type DataProblem } from "@/lib/events/data-problems";

export const EVENT_STATUSES = ["pending", "failed", "processed"] as const;
export const TRANSACTION_STATUSES = ["pending", "approved", "denied"] as const;
export const PAYMENT_METHODS = ["credit_card", "debit_card", "pix"] as const;
/** The six providers of the reference-data migration, by their lowercase names. */
export const ACQUIRER_NAMES = ["cielo", "rede", "getnet", "stone", "pagseguro", "safrapay"] as const;

/**
 * Every failure reason a failed event can hold: the credential lookup's two, then the data
 * problems. The filter bar offers them and the metrics keep them as label values (lib/metrics/labels.ts).
 */
export const FAILURE_REASONS = [
  "no_matching_credential",
  "credential_disabled",
  ...(Object.keys(DATA_PROBLEMS) as DataProblem[]),
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
