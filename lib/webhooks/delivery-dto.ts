// What the API shows of webhook deliveries and their attempts: rows mapped to the schemas of
// lib/webhooks/delivery-schema.ts.
import "server-only";
import type { WebhookDelivery, WebhookDeliveryAttempt } from "@/generated/prisma/client";

import type { DeliveryAttemptDto, DeliveryDto } from "@/lib/webhooks/delivery-schema";

export {
  type DeliveryAttemptDto,
  type DeliveryDetailDto,
  type DeliveryDto,
  deliveryAttemptSchema,
  deliveryDetailSchema,
  deliverySchema,
} from "@/lib/webhooks/delivery-schema";

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
