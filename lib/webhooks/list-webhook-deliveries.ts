// Webhook deliveries across endpoints (or of one), newest first by default, filtered by status,
// endpoint, merchant, event and creation time: GET /v1/webhook-deliveries.
import "server-only";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { type DeliveryDto, toDeliveryDto } from "@/lib/webhooks/delivery-dto";
import type { ListWebhookDeliveriesQuery } from "@/lib/webhooks/schemas";

export async function listWebhookDeliveries(options: {
  caller: Caller;
  query: ListWebhookDeliveriesQuery;
}): Promise<Page<DeliveryDto>> {
  const scope = tenantScope(options.caller, "read");
  const { status, endpointId, merchantId, eventId, limit, cursor, sort } = options.query;
  const gte = options.query["created_at[gte]"];
  const lt = options.query["created_at[lt]"];
  return keysetPage({
    list: "webhook_deliveries",
    filters: { status, endpointId, merchantId, eventId, gte, lt, ...scopeBinding(scope) },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().webhookDelivery.findMany({
        where: {
          AND: [
            { status, endpointId, eventId, endpoint: merchantId ? { merchantId } : undefined },
            { endpoint: merchantWhere(scope) },
            gte || lt ? { createdAt: { gte: gte ? new Date(gte) : undefined, lt: lt ? new Date(lt) : undefined } } : {},
            keyset.where,
          ],
        },
        orderBy: keyset.orderBy,
        take: window.take,
        include: { endpoint: { select: { merchantId: true } } },
      });
    },
    present: toDeliveryDto,
  });
}
