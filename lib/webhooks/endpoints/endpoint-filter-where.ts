// The condition of the webhook endpoints filter on the list's Prisma where: the server's half of
// endpoint-filter-table.ts (which ships to the browser), keyed by the same name.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { FilterWhere } from "@/lib/paging/filtered-page";
import type { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";

export const ENDPOINT_FILTER_WHERE = {
  merchantId: (merchantId) => ({ merchantId }),
} satisfies FilterWhere<typeof ENDPOINT_FILTER_TABLE, Prisma.WebhookEndpointWhereInput>;
