// The webhook endpoints list's one filter, declared as every list's are
// (lib/paging/list-filter-table.ts derives the query schema, the OpenAPI words, docs/api.md's
// table, the page's URL state and the links to the page; the condition is
// endpoint-filter-where.ts's, server-only): one merchant's endpoints.
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";

export const ENDPOINT_FILTER_TABLE = [
  filter({
    name: "merchantId",
    label: "Merchant",
    schema: z.string().min(1).max(64),
    description: "Only this merchant's endpoints.",
    page: (text) => text.slice(0, 64),
  }),
] as const;
