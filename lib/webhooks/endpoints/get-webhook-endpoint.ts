// One webhook endpoint, its secret masked: GET /v1/webhook-endpoints/{id}.
import "server-only";
import type { WebhookEndpoint } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { endpointWhere, type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { endpointHealth } from "@/lib/webhooks/endpoints/endpoint-health";

/** The row within the caller's scope, or a 404 for an unknown, malformed or another merchant's id. */
export async function findWebhookEndpointRow(id: string, scope: TenantScope): Promise<WebhookEndpoint> {
  const row = XID_PATTERN.test(id) ? await db().webhookEndpoint.findFirst({ where: { id, ...endpointWhere(scope) } }) : null;
  if (!row) throw notFound("No webhook endpoint has this id.");
  return row;
}

export async function getWebhookEndpoint(options: { caller: Caller; id: string }): Promise<WebhookEndpointDto> {
  const row = await findWebhookEndpointRow(options.id, tenantScope(options.caller, "read"));
  const health = await endpointHealth([row.id]);
  return toWebhookEndpointDto(row, undefined, health.get(row.id) ?? null);
}
