// Webhook endpoints, newest first by default, optionally of one merchant (endpoint-filter-table.ts;
// endpoint-filter-where.ts's condition); secrets masked.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { endpointWhere } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";
import { toWebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";
import { ENDPOINT_FILTER_WHERE } from "@/lib/webhooks/endpoints/endpoint-filter-where";
import { endpointHealth } from "@/lib/webhooks/endpoints/endpoint-health";

export const listWebhookEndpoints = tenantList("webhook_endpoints", ENDPOINT_FILTER_TABLE, {
  where: ENDPOINT_FILTER_WHERE,
  scope: endpointWhere,
  find: async (read: PageRead<Prisma.WebhookEndpointWhereInput>) => {
    const rows = await db().webhookEndpoint.findMany(read);
    // The health of the page's endpoints (a page reads one row more, to know whether another follows).
    const health = await endpointHealth(rows.slice(0, read.take - 1).map((row) => row.id));
    return rows.map((row) => ({ ...row, health: health.get(row.id) ?? null }));
  },
  present: (row) => toWebhookEndpointDto(row, undefined, row.health),
});
