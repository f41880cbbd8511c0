// Merchants, newest first by default, filtered as merchant-filter-table.ts declares (a search on
// the name or the tax id, a set of ids; merchant-filter-where.ts's conditions).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { merchantRowWhere } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { toMerchantDto } from "@/lib/merchants/merchant-dto";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import { MERCHANT_FILTER_WHERE } from "@/lib/merchants/merchant-filter-where";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";

export const listMerchants = tenantList("merchants", MERCHANT_FILTER_TABLE, {
  where: MERCHANT_FILTER_WHERE,
  scope: merchantRowWhere,
  find: (read: PageRead<Prisma.MerchantWhereInput>) => db().merchant.findMany(read),
  present: toMerchantDto,
});
