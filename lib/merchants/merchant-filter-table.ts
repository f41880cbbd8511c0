// The merchants list's filters, each declared once (lib/paging/list-filter-table.ts derives the
// query schema, the where, the OpenAPI words and the page's URL state): a search on the name or
// the tax id, and a set of ids (a table's page of names in one request).
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { normalizeCnpj } from "@/lib/merchants/cnpj";
import { filterOf } from "@/lib/paging/list-filter-table";
import { foldText } from "@/lib/search/fold-text";

const filter = filterOf<Prisma.MerchantWhereInput>();

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

export const MERCHANT_FILTER_TABLE = [
  filter({
    name: "search",
    schema: z.string().trim().min(1, "must not be empty").max(200),
    where: searchWhere,
    description:
      "A part of the name (any case, accents optional: otica finds Ótica), or the beginning of the tax id (mask optional).",
    page: (text) => text.trim().slice(0, 200),
  }),
  filter({
    name: "id",
    schema: z
      .string()
      .transform((v) => [...new Set(v.split(","))])
      .refine((ids) => ids.length <= 100 && ids.every((id) => /^[0-9a-v]{20}$/.test(id)), {
        message: "must be 1 to 100 merchant ids, comma-separated",
      }),
    where: (ids) => ({ id: { in: ids } }),
    description: "Only these merchants: up to 100 ids, comma-separated (a table's page of names in one request).",
  }),
] as const;
