// The whole payment an event belongs to, as a client sees it: its events in time
// order and its net state. Pure (zod only): the events contract, the OpenAPI document and the
// dashboard's timeline use it; lib/events/list/find-payment-events.ts finds the events (the linking
// rule is in docs/api.md, "The whole payment").
import { z } from "zod";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from "@/lib/events/data-schema";

export const PAYMENT_STATES = ["pending", "denied", "authorized", "pre_authorized", "captured", "voided", "reversed"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds");

export const paymentEventSchema = z.strictObject({
  id: z.string().describe("The event's id (GET /v1/webhooks/events/{id})"),
  type: z.string().describe("The event's type: payment.completed"),
  transactionType: z.enum(TRANSACTION_TYPES),
  transactionStatus: z.enum(TRANSACTION_STATUSES),
  amount: z.int().describe("In minor units, as the notification gave it"),
  createdAt: timestamp.describe("When the notification arrived"),
});

export const paymentSchema = z.strictObject({
  state: z
    .enum(PAYMENT_STATES)
    .describe(
      "The net state: of its approved events, a void or reversal (the latest) ends it, else a capture, else an authorization " +
        "or pre-authorization; with none approved, pending while one is pending, else denied",
    ),
  events: z
    .array(paymentEventSchema)
    .describe("Every event of the payment, this one included, oldest first (at most 50; the rule is in docs/api.md)"),
});

export type PaymentEventDto = z.output<typeof paymentEventSchema>;
export type PaymentDto = z.output<typeof paymentSchema>;

const APPROVED_STATE: Record<TransactionType, { state: PaymentState; rank: number }> = {
  authorization: { state: "authorized", rank: 1 },
  pre_authorization: { state: "pre_authorized", rank: 1 },
  capture: { state: "captured", rank: 2 },
  void: { state: "voided", rank: 3 },
  reversal: { state: "reversed", rank: 3 },
};

/**
 * By rank, not by arrival: notifications can arrive out of order (a capture before its
 * authorization's), and a void or reversal ends the payment whatever comes after. Among equals
 * the later one wins.
 */
export function paymentStateOf(events: readonly Pick<PaymentEventDto, "transactionType" | "transactionStatus">[]): PaymentState {
  let best: { state: PaymentState; rank: number } | null = null;
  for (const e of events) {
    if (e.transactionStatus !== "approved") continue;
    const candidate = APPROVED_STATE[e.transactionType];
    if (!best || candidate.rank >= best.rank) best = candidate;
  }
  if (best) return best.state;
  return events.some((e) => e.transactionStatus === ("pending" satisfies TransactionStatus)) ? "pending" : "denied";
}
