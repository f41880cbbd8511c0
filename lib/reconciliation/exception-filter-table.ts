// The reconciliation exceptions list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the OpenAPI words, docs/api.md's table, a page's URL state and the
// bar's labels and choices; the conditions are exception-filter-where.ts's, server-only): the
// import, the kind, the merchant, the state.
import { z } from "zod";
import { listFilter as filter, oneOfFilter } from "@/lib/paging/list-filter-table";
import { EXCEPTION_KIND_LABELS, EXCEPTION_STATUS_LABELS } from "@/lib/reconciliation/reconciliation-values";

const xid = z.string().regex(/^[0-9a-v]{20}$/, "must be an id: 20 characters of [0-9a-v]");
// The page keeps only what the API takes: a hand-edited URL's other text is dropped, not sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);

export const EXCEPTION_FILTER_TABLE = [
  filter({
    name: "import_id",
    label: "Import",
    schema: xid,
    description: "Only the exceptions this import found.",
    page: keepXid,
  }),
  oneOfFilter({
    name: "kind",
    label: "Kind",
    choices: EXCEPTION_KIND_LABELS,
    control: { anyLabel: "Every kind", width: "wide" },
  }),
  filter({
    name: "merchant_id",
    label: "Merchant",
    schema: xid,
    description: "Only this merchant's (a merchant account sees only its own whatever it asks).",
    page: keepXid,
  }),
  oneOfFilter({
    name: "status",
    label: "Status",
    description: "open, or resolved (by a person, or by a late notification: resolvedBy system).",
    choices: EXCEPTION_STATUS_LABELS,
    control: { anyLabel: "Open and resolved", width: "medium" },
  }),
] as const;
