// Merchants, newest first by default, filtered as merchant-filter-table.ts declares (a search on
// the name or the tax id, a set of ids).
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { type MerchantDto, toMerchantDto } from "@/lib/merchants/merchant-dto";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import type { ListMerchantsQuery } from "@/lib/merchants/schemas";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { filterConditions, filterValues } from "@/lib/paging/list-filter-table";

export async function listMerchants(options: { caller: Caller; query: ListMerchantsQuery }): Promise<Page<MerchantDto>> {
  requirePermission(options.caller, "read");
  const { limit, cursor, sort } = options.query;
  const filters = filterConditions(MERCHANT_FILTER_TABLE, options.query);
  return keysetPage({
    list: "merchants",
    filters: filterValues(MERCHANT_FILTER_TABLE, options.query),
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().merchant.findMany({
        where: { AND: [...filters, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
      });
    },
    present: toMerchantDto,
  });
}
