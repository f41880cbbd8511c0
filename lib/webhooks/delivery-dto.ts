// What the API shows of webhook deliveries and their attempts, and the response schemas.
import "server-only";
import { z } from "zod";
import type { WebhookDelivery, WebhookDeliveryAttempt } from "@/generated/prisma/client";
import { DELIVERY_STATUSES } from "@/lib/webhooks/schemas";

const timestamp = z.iso.datetime({ precision: 3 });

export const deliveryAttemptSchema = z.strictObject({
  id: z.string(),
  startedAt: timestamp,
  durationMs: z.int().nonnegative(),
  statusCode: z.int().nullable().describe("The receiver's HTTP status; null when none came back"),
  errorClass: z
    .string()
    .nullable()
    .describe("null on success; timeout, dns, tls, connection_refused, connection_error, non_2xx or address_refused"),
  responseBody: z.string().nullable().describe("The first bytes (at most 4 KiB) of the response body"),
  trigger: z.string().describe("worker"),
});

export const deliverySchema = z.strictObject({
  id: z.string(),
  webhookId: z.string().describe("The webhook-id header: the same on every attempt"),
  eventId: z.string(),
  endpointId: z.string(),
  merchantId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attemptCount: z.int().nonnegative().describe("Attempts since the delivery was written or last resent"),
  nextAttemptAt: timestamp.nullable().describe("When the next attempt is due (while pending)"),
  lastAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deliveryDetailSchema = deliverySchema.extend({
  attempts: z.array(deliveryAttemptSchema).describe("Every attempt, oldest first"),
});

export type DeliveryDto = z.output<typeof deliverySchema>;
export type DeliveryAttemptDto = z.output<typeof deliveryAttemptSchema>;
export type DeliveryDetailDto = z.output<typeof deliveryDetailSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeliveryDto(row: WebhookDelivery & { endpoint: { merchantId: string } }): DeliveryDto {
  return {
    id: row.id,
    webhookId: `msg_${row.id}`,
    eventId: row.eventId,
    endpointId: row.endpointId,
    merchantId: row.endpoint.merchantId,
    status: row.status as DeliveryDto["status"],
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryAttemptDto(a: WebhookDeliveryAttempt): DeliveryAttemptDto {
  return {
    id: a.id,
    startedAt: a.startedAt.toISOString(),
    durationMs: a.durationMs,
    statusCode: a.statusCode,
    errorClass: a.errorClass,
    responseBody: a.responseBody,
    trigger: a.trigger,
  };
}
