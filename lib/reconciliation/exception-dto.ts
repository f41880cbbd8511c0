// The API's view of a reconciliation exception (the OpenAPI document's ReconciliationException):
// its kind and state, the sale as the statement gave it (none for notification_without_sale),
// and the payment's origin event and what it says (none for missing_notification).
import { z } from "zod";
import type { ReconciliationException } from "@/generated/prisma/client";
import { ACQUIRER_NAMES } from "@/lib/events/event-values";
import { PAYMENT_STATES } from "@/lib/events/list/payment-state";
import { XID_PATTERN } from "@/lib/ids";
import { EXCEPTION_KINDS, EXCEPTION_STATUSES, SALE_STATUSES } from "@/lib/reconciliation/reconciliation-values";

const instant = z.iso.datetime({ precision: 3 });

export const exceptionSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("20 characters of [0-9a-v]"),
  importId: z.string().describe("The import that found it"),
  kind: z.enum(EXCEPTION_KINDS),
  status: z.enum(EXCEPTION_STATUSES),
  merchantId: z
    .string()
    .nullable()
    .describe("Whose it is (merchant accounts see theirs): the payment's owner, else the merchant of the sale's credential"),
  acquirerName: z.enum(ACQUIRER_NAMES),
  merchantIdentifier: z.string().describe("The MID (establishment), as the statement or the notification wrote it"),
  terminalIdentifier: z.string().nullable().describe("The TID (Cielo: the logical terminal number)"),
  sale: z
    .strictObject({
      line: z.int().min(1).describe("The statement's line"),
      saleDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      saleTime: z.string().nullable().describe("HH:MM:SS, America/Sao_Paulo"),
      nsu: z.string().nullable(),
      authorizationCode: z.string().nullable(),
      amount: z.int().describe("In cents"),
      installments: z.int(),
      cardLast4: z.string().nullable(),
      status: z.enum(SALE_STATUSES),
    })
    .nullable()
    .describe("The sale as the statement gives it; null for notification_without_sale"),
  eventId: z.string().nullable().describe("The payment's origin event (GET /v1/webhooks/events/{id}); null when none"),
  payment: z
    .strictObject({ amount: z.int().describe("In cents"), state: z.enum(PAYMENT_STATES) })
    .nullable()
    .describe("What the notifications say of the payment (its net state and amount); null for missing_notification"),
  resolvedAt: instant.nullable(),
  resolvedBy: z.string().nullable().describe("A username, or system when a late notification closed it"),
  resolutionNote: z.string().nullable(),
  createdAt: instant,
});

export type ExceptionDto = z.output<typeof exceptionSchema>;

export function toExceptionDto(row: ReconciliationException): ExceptionDto {
  return {
    id: row.id,
    importId: row.importId,
    kind: row.kind as ExceptionDto["kind"],
    status: row.status as ExceptionDto["status"],
    merchantId: row.merchantId,
    acquirerName: row.acquirerName as ExceptionDto["acquirerName"],
    merchantIdentifier: row.merchantIdentifier,
    terminalIdentifier: row.terminalIdentifier,
    sale:
      row.saleLine === null || row.saleDate === null
        ? null
        : {
            line: row.saleLine,
            saleDate: row.saleDate.toISOString().slice(0, 10),
            saleTime: row.saleTime,
            nsu: row.nsu,
            authorizationCode: row.authorizationCode,
            amount: Number(row.saleAmount ?? 0),
            installments: row.installments ?? 0,
            cardLast4: row.cardLast4,
            status: row.saleStatus as NonNullable<ExceptionDto["sale"]>["status"],
          },
    eventId: row.eventId,
    payment:
      row.paymentState === null
        ? null
        : { amount: Number(row.paymentAmount ?? 0), state: row.paymentState as NonNullable<ExceptionDto["payment"]>["state"] },
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedBy: row.resolvedBy,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an exception's resolution. */
export function exceptionAuditSnapshot(row: ReconciliationException) {
  return { kind: row.kind, status: row.status, importId: row.importId, ...(row.saleLine ? { saleLine: row.saleLine } : {}) };
}
