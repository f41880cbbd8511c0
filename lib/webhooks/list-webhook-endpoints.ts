// Webhook endpoints, newest first by default, optionally of one merchant; secrets masked.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { afterPosition, cursorBinding, decodeCursor, orderByPosition, type Page, toPage } from "@/lib/http/pagination";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";
import { endpointHealth } from "@/lib/webhooks/endpoint-health";
import type { ListWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

export async function listWebhookEndpoints(options: {
  caller: Caller;
  query: ListWebhookEndpointsQuery;
}): Promise<Page<WebhookEndpointDto>> {
  requirePermission(options.caller, "read");
  const { merchantId, limit, cursor, sort } = options.query;
  const binding = cursorBinding("webhook_endpoints", { merchantId, sort });
  const position = cursor ? decodeCursor(cursor, binding) : undefined;
  const rows = await db().webhookEndpoint.findMany({
    where: { merchantId, ...afterPosition(position, sort) },
    orderBy: orderByPosition(sort),
    take: limit + 1,
  });
  const health = await endpointHealth(rows.slice(0, limit).map((row) => row.id));
  return toPage(rows, {
    limit,
    binding,
    positionOf: (row) => row,
    present: (row) => toWebhookEndpointDto(row, undefined, health.get(row.id) ?? null),
  });
}
