// Webhook deliveries across endpoints (or of one), newest first by default, filtered by status,
// endpoint, merchant, event and creation time (delivery-filter-table.ts): GET /v1/webhook-deliveries.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";
import { type DeliveryDto, toDeliveryDto } from "@/lib/webhooks/delivery-dto";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery-filter-table";
import type { ListWebhookDeliveriesQuery } from "@/lib/webhooks/schemas";

export async function listWebhookDeliveries(options: {
  caller: Caller;
  query: ListWebhookDeliveriesQuery;
}): Promise<Page<DeliveryDto>> {
  const scope = tenantScope(options.caller, "read");
  const find = (read: PageRead<Prisma.WebhookDeliveryWhereInput>) =>
    db().webhookDelivery.findMany({ ...read, include: { endpoint: { select: { merchantId: true } } } });
  return filteredKeysetPage({
    list: "webhook_deliveries",
    table: DELIVERY_FILTER_TABLE,
    query: options.query,
    scope: { endpoint: merchantWhere(scope) },
    scopeBinding: scopeBinding(scope),
    find,
    present: toDeliveryDto,
  });
}
