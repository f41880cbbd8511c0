// One webhook endpoint, its secret masked: GET /v1/webhook-endpoints/{id}.
import "server-only";
import type { WebhookEndpoint } from "@/generated/prisma/client";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";
import { endpointHealth } from "@/lib/webhooks/endpoint-health";

/** The row, or a 404 for an unknown or malformed id. */
export async function findWebhookEndpointRow(id: string): Promise<WebhookEndpoint> {
  const row = XID_PATTERN.test(id) ? await db().webhookEndpoint.findUnique({ where: { id } }) : null;
  if (!row) throw notFound("No webhook endpoint has this id.");
  return row;
}

export async function getWebhookEndpoint(options: { caller: Caller; id: string }): Promise<WebhookEndpointDto> {
  requirePermission(options.caller, "read");
  const row = await findWebhookEndpointRow(options.id);
  const health = await endpointHealth([row.id]);
  return toWebhookEndpointDto(row, undefined, health.get(row.id) ?? null);
}
