// The API's view of an event's reconciliation state (the OpenAPI document's EventReconciliation):
// whether an acquirer's statement listed the event's payment, and how. Pure (the event page reads
// its type).
import { z } from "zod";
import { EXCEPTION_KINDS, EXCEPTION_STATUSES } from "@/lib/reconciliation/reconciliation-values";

export const EVENT_RECONCILIATION_STATES = ["matched", "exception", "not_reconciled"] as const;

export const eventReconciliationSchema = z.strictObject({
  state: z
    .enum(EVENT_RECONCILIATION_STATES)
    .describe(
      "exception: an exception names the payment (an open one first, else the newest import's); matched: a sale " +
        "agreed with it in amount and status; not_reconciled: no imported statement listed it (yet)",
    ),
  importId: z.string().nullable().describe("The import that matched the payment or found the exception"),
  exceptionId: z.string().nullable(),
  kind: z.enum(EXCEPTION_KINDS).nullable().describe("The exception's kind; null unless state is exception"),
  exceptionStatus: z.enum(EXCEPTION_STATUSES).nullable(),
});

export type EventReconciliationDto = z.output<typeof eventReconciliationSchema>;

export const NOT_RECONCILED: EventReconciliationDto = {
  state: "not_reconciled",
  importId: null,
  exceptionId: null,
  kind: null,
  exceptionStatus: null,
};
