// The types a stored event can have, said once: the ingest statement (insert-events.ts) writes
// them, and the webhook event-type catalogue (lib/webhooks/event-types.ts) offers them to endpoints.

/** Every notification is stored as this type; what happened to the payment is its data's transactionType. */
export const PAYMENT_COMPLETED = "payment.completed";

export const PAYMENT_EVENT_TYPES = [PAYMENT_COMPLETED] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];
