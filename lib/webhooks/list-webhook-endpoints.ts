// Webhook endpoints, newest first by default, optionally of one merchant; secrets masked.
import "server-only";
import type { Caller } from "@/lib/auth/roles";
import { endpointWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";
import { endpointHealth } from "@/lib/webhooks/endpoint-health";
import type { ListWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

export async function listWebhookEndpoints(options: {
  caller: Caller;
  query: ListWebhookEndpointsQuery;
}): Promise<Page<WebhookEndpointDto>> {
  const scope = tenantScope(options.caller, "read");
  const { merchantId, limit, cursor, sort } = options.query;
  return keysetPage({
    list: "webhook_endpoints",
    filters: { merchantId, ...scopeBinding(scope) },
    query: { limit, cursor, sort },
    fetch: async (window) => {
      const keyset = prismaKeyset(window);
      const rows = await db().webhookEndpoint.findMany({
        where: { AND: [{ merchantId }, endpointWhere(scope), keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
      });
      const health = await endpointHealth(rows.slice(0, limit).map((row) => row.id));
      return rows.map((row) => ({ ...row, health: health.get(row.id) ?? null }));
    },
    present: (row) => toWebhookEndpointDto(row, undefined, row.health),
  });
}
