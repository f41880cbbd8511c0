// Webhook deliveries across endpoints (or of one), newest first by default, filtered by status,
// endpoint, merchant, event and creation time (delivery-filter-table.ts): GET /v1/webhook-deliveries.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { filterConditions, filterValues } from "@/lib/paging/list-filter-table";
import { type DeliveryDto, toDeliveryDto } from "@/lib/webhooks/delivery-dto";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery-filter-table";
import type { ListWebhookDeliveriesQuery } from "@/lib/webhooks/schemas";

export async function listWebhookDeliveries(options: {
  caller: Caller;
  query: ListWebhookDeliveriesQuery;
}): Promise<Page<DeliveryDto>> {
  requirePermission(options.caller, "read");
  const { limit, cursor, sort } = options.query;
  const filters = filterConditions(DELIVERY_FILTER_TABLE, options.query);
  return keysetPage({
    list: "webhook_deliveries",
    filters: filterValues(DELIVERY_FILTER_TABLE, options.query),
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().webhookDelivery.findMany({
        where: { AND: [...filters, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
        include: { endpoint: { select: { merchantId: true } } },
      });
    },
    present: toDeliveryDto,
  });
}
