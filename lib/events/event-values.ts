// The value lists of the Data object that its filters offer, without zod: the filter table
// (event-filter-table.ts), which the events page ships, reads them; data-schema.ts validates with them.

export const EVENT_STATUSES = ["pending", "failed", "processed"] as const;
export const TRANSACTION_STATUSES = ["pending", "approved", "denied"] as const;
export const PAYMENT_METHODS = ["credit_card", "debit_card", "pix"] as const;
/** The six providers of the reference-data migration, by their lowercase names. */
export const ACQUIRER_NAMES = ["cielo", "rede", "getnet", "stone", "pagseguro", "safrapay"] as const;
