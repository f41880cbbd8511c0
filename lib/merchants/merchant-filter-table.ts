// The merchants list's filters, each declared once (lib/paging/list-filter-table.ts derives the
// query schema, the OpenAPI words, docs/api.md's table and the page's URL state; the conditions
// are merchant-filter-where.ts's, server-only): a search on the name or the tax id, and a set of
// ids (a table's page of names in one request).
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";

export const MERCHANT_FILTER_TABLE = [
  filter({
    name: "search",
    label: "Search merchants",
    schema: z.string().trim().min(1, "must not be empty").max(200),
    description:
      "A part of the name (any case, accents optional: otica finds Ótica), or the beginning of the tax id (mask optional).",
    page: (text) => text.trim().slice(0, 200),
  }),
  filter({
    name: "id",
    label: "Merchant ids",
    schema: z
      .string()
      .transform((v) => [...new Set(v.split(","))])
      .refine((ids) => ids.length <= 100 && ids.every((id) => /^[0-9a-v]{20}$/.test(id)), {
        message: "must be 1 to 100 merchant ids, comma-separated",
      }),
    description: "Only these merchants: up to 100 ids, comma-separated (a table's page of names in one request).",
  }),
] as const;
