// The condition of each merchants filter on the list's Prisma where: the server's half of
// merchant-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { normalizeCnpj } from "@/lib/merchants/cnpj";
import type { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import type { FilterWhere } from "@/lib/paging/filtered-page";
import { foldText } from "@/lib/search/fold-text";

function searchWhere(search: string): Prisma.MerchantWhereInput {
  // Prisma passes `contains` to LIKE unescaped: a "%" or "_" typed in the box is literal. The name
  // is compared folded (search_name: no accents, lower case, kept by a trigger) with the folded
  // text, so "otica" finds "Ótica" and "SALAO" finds "Salão".
  const literal = foldText(search).replace(/[\\%_]/g, "\\$&");
  const byName: Prisma.MerchantWhereInput = { searchName: { contains: literal } };
  // Tax ids are stored normalized, so "11.222.333" finds 11222333000181. A prefix, not a
  // substring: "0001" (every head office) would otherwise match nearly everything.
  const taxIdPrefix = normalizeCnpj(search);
  if (!/^[0-9A-Z]{1,14}$/.test(taxIdPrefix)) return byName;
  return { OR: [byName, { taxId: { startsWith: taxIdPrefix } }] };
}

export const MERCHANT_FILTER_WHERE = {
  search: searchWhere,
  id: (ids) => ({ id: { in: ids } }),
} satisfies FilterWhere<typeof MERCHANT_FILTER_TABLE, Prisma.MerchantWhereInput>;
