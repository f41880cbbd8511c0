// What the API shows of webhook deliveries and their attempts: rows mapped to the schemas of
// lib/webhooks/delivery/delivery-schema.ts.
import "server-only";
import type { WebhookDelivery, WebhookDeliveryAttempt } from "@/generated/prisma/client";

import type { DeliveryAttemptDto, DeliveryDto } from "@/lib/webhooks/delivery/delivery-schema";
import { USER_AGENT } from "@/lib/webhooks/egress/send-webhook";

export {
  type DeliveryAttemptDto,
  type DeliveryDetailDto,
  type DeliveryDto,
  deliveryAttemptSchema,
  deliveryDetailSchema,
  deliverySchema,
} from "@/lib/webhooks/delivery/delivery-schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeliveryDto(row: WebhookDelivery & { endpoint: { merchantId: string; url: string } }): DeliveryDto {
  return {
    id: row.id,
    webhookId: `msg_${row.id}`,
    eventId: row.eventId,
    endpointId: row.endpointId,
    endpointUrl: row.endpoint.url,
    merchantId: row.endpoint.merchantId,
    status: row.status as DeliveryDto["status"],
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The headers an attempt sent, as lib/webhooks/delivery/attempt-delivery.ts and lib/webhooks/egress/send-webhook.ts make them:
 * webhook-timestamp is the attempt's start in seconds; the signature is the one it sent (HMACs of
 * the body, not the secret), unknown for attempts recorded before it was kept.
 */
function requestHeaders(a: WebhookDeliveryAttempt, bodyBytes: number): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "content-length": String(bodyBytes),
    "webhook-id": `msg_${a.deliveryId}`,
    "webhook-timestamp": String(Math.floor(a.startedAt.getTime() / 1000)),
    "webhook-signature": a.requestSignature ?? "v1,<not stored>",
  };
}

export function toDeliveryAttemptDto(a: WebhookDeliveryAttempt, bodyBytes: number): DeliveryAttemptDto {
  return {
    id: a.id,
    startedAt: a.startedAt.toISOString(),
    durationMs: a.durationMs,
    statusCode: a.statusCode,
    errorClass: a.errorClass,
    responseBody: a.responseBody,
    trigger: a.trigger,
    requestHeaders: requestHeaders(a, bodyBytes),
  };
}
