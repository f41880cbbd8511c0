// The condition of each webhook deliveries filter on the list's Prisma where: the server's half of
// delivery-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { FilterWhere } from "@/lib/paging/filtered-page";
import type { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";

export const DELIVERY_FILTER_WHERE = {
  status: (status) => ({ status }),
  endpointId: (endpointId) => ({ endpointId }),
  merchantId: (merchantId) => ({ endpoint: { merchantId } }),
  eventId: (eventId) => ({ eventId }),
  // Instants only, each bound its own condition (the other lists' bounds make one range: "period").
  "created_at[gte]": (from) => ({ createdAt: { gte: new Date(from) } }),
  "created_at[lt]": (before) => ({ createdAt: { lt: new Date(before) } }),
} satisfies FilterWhere<typeof DELIVERY_FILTER_TABLE, Prisma.WebhookDeliveryWhereInput>;
