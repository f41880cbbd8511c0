// Merchants, newest first by default, optionally narrowed by a search on name or tax id.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { merchantRowWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { normalizeCnpj } from "@/lib/merchants/cnpj";
import { type MerchantDto, toMerchantDto } from "@/lib/merchants/merchant-dto";
import type { ListMerchantsQuery } from "@/lib/merchants/schemas";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";

function searchWhere(search: string | undefined): Prisma.MerchantWhereInput {
  if (!search) return {};
  // Prisma passes `contains` to (I)LIKE unescaped: a "%" or "_" typed in the box is literal.
  const literal = search.replace(/[\\%_]/g, "\\$&");
  const byName: Prisma.MerchantWhereInput = { name: { contains: literal, mode: "insensitive" } };
  // Tax ids are stored normalized, so "11.222.333" finds 11222333000181. A prefix, not a
  // substring: "0001" (every head office) would otherwise match nearly everything.
  const taxIdPrefix = normalizeCnpj(search);
  if (!/^[0-9A-Z]{1,14}$/.test(taxIdPrefix)) return byName;
  return { OR: [byName, { taxId: { startsWith: taxIdPrefix } }] };
}

export async function listMerchants(options: { caller: Caller; query: ListMerchantsQuery }): Promise<Page<MerchantDto>> {
  const scope = tenantScope(options.caller, "read");
  const { search, id, limit, cursor, sort } = options.query;
  return keysetPage({
    list: "merchants",
    filters: { search, id, ...scopeBinding(scope) },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().merchant.findMany({
        where: { AND: [merchantRowWhere(scope), searchWhere(search), id ? { id: { in: id } } : {}, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
      });
    },
    present: toMerchantDto,
  });
}
