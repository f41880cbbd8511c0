// What the API shows of a webhook endpoint (the secret masked, or once in clear on creation and
// rotation), its response schema, and the audit snapshot. The stored secrets: endpoint-secrets.ts.
import "server-only";
import { z } from "zod";
import type { WebhookEndpoint } from "@/generated/prisma/client";
import { XID_PATTERN } from "@/lib/ids";
import { secretField } from "@/lib/validation/secret-field";
import { type EndpointHealth, endpointHealthSchema } from "@/lib/webhooks/endpoints/endpoint-health";
import { MASKED_SECRET } from "@/lib/webhooks/signing";

const timestamp = z.iso.datetime({ precision: 3 });

export const webhookEndpointSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN),
  merchantId: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z
    .array(z.string())
    .describe(
      "Event types delivered (GET /v1/event-types); empty means every payment event type. Alerts only when named: " +
        "alert.opened, alert.resolved. An endpoint saved before names were checked may hold others: nothing is delivered for them",
    ),
  enabled: z.boolean(),
  rateLimit: z.int().nullable().describe("Deliveries per second at most; null for no limit"),
  allAlerts: z.boolean().describe("Receives every alert of its alert.* types, not only its merchant's (set by admins)"),
  secret: secretField(z.string()).describe("Masked (whsec_********) except in the answer to create and rotate-secret"),
  secretRotatedAt: timestamp.nullable(),
  previousSecretExpiresAt: timestamp.nullable().describe("Until then deliveries carry a signature with the previous secret too"),
  disabledReason: z.string().nullable().describe("Why the endpoint is disabled, when it is"),
  failingSince: timestamp.nullable().describe("First failed attempt since the last success"),
  lastSuccessAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  health: endpointHealthSchema.nullable().describe("Over the last 24 hours; in reads (list and get), null in changes"),
});
export type WebhookEndpointDto = z.output<typeof webhookEndpointSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhookEndpointDto(
  row: WebhookEndpoint,
  secret?: string,
  health: EndpointHealth | null = null,
): WebhookEndpointDto {
  return {
    id: row.id,
    merchantId: row.merchantId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    rateLimit: row.rateLimit,
    allAlerts: row.allAlerts,
    secret: secret ?? MASKED_SECRET,
    secretRotatedAt: iso(row.secretRotatedAt),
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    lastSuccessAt: iso(row.lastSuccessAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    health,
  };
}

/** The audit snapshot: everything but the secret. */
export function endpointAuditSnapshot(row: WebhookEndpoint) {
  const { secret: _secret, health: _health, ...rest } = toWebhookEndpointDto(row);
  return rest;
}
