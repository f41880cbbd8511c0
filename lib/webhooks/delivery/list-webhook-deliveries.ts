// Webhook deliveries across endpoints (or of one), newest first by default, filtered by status,
// endpoint, merchant, event and creation time (delivery-filter-table.ts; delivery-filter-where.ts's conditions): GET /v1/webhook-deliveries.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { endpointWhere } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";
import { toDeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";
import { DELIVERY_FILTER_WHERE } from "@/lib/webhooks/delivery/delivery-filter-where";

export const listWebhookDeliveries = tenantList("webhook_deliveries", DELIVERY_FILTER_TABLE, {
  where: DELIVERY_FILTER_WHERE,
  scope: (scope) => ({ endpoint: endpointWhere(scope) }),
  find: (read: PageRead<Prisma.WebhookDeliveryWhereInput>) =>
    db().webhookDelivery.findMany({ ...read, include: { endpoint: { select: { merchantId: true, url: true } } } }),
  present: toDeliveryDto,
});
