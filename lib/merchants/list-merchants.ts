// Merchants, newest first by default, filtered as merchant-filter-table.ts declares (a search on
// the name or the tax id, a set of ids).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { merchantRowWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { type MerchantDto, toMerchantDto } from "@/lib/merchants/merchant-dto";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import type { ListMerchantsQuery } from "@/lib/merchants/schemas";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";

export async function listMerchants(options: { caller: Caller; query: ListMerchantsQuery }): Promise<Page<MerchantDto>> {
  const scope = tenantScope(options.caller, "read");
  const find = (read: PageRead<Prisma.MerchantWhereInput>) => db().merchant.findMany(read);
  return filteredKeysetPage({
    list: "merchants",
    table: MERCHANT_FILTER_TABLE,
    query: options.query,
    scope: merchantRowWhere(scope),
    scopeBinding: scopeBinding(scope),
    find,
    present: toMerchantDto,
  });
}
