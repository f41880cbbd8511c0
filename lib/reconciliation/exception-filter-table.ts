// The reconciliation exceptions list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the OpenAPI words, docs/api.md's table, a page's URL state and the
// bar's labels and choices; the conditions are exception-filter-where.ts's, server-only): the
// import, the kind, the merchant, the state.
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";
import { EXCEPTION_KIND_LABELS, EXCEPTION_KINDS, EXCEPTION_STATUSES } from "@/lib/reconciliation/reconciliation-values";

const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });
const xid = z.string().regex(/^[0-9a-v]{20}$/, "must be an id: 20 characters of [0-9a-v]");
// The page keeps only what the API takes: a hand-edited URL's other text is dropped, not sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);
const keepOneOf = (values: readonly string[]) => (text: string) => (values.includes(text) ? text : undefined);

export const EXCEPTION_FILTER_TABLE = [
  filter({
    name: "import_id",
    label: "Import",
    schema: xid,
    description: "Only the exceptions this import found.",
    page: keepXid,
  }),
  filter({
    name: "kind",
    label: "Kind",
    schema: oneOf(EXCEPTION_KINDS),
    description: `One of ${EXCEPTION_KINDS.join(", ")}.`,
    page: keepOneOf(EXCEPTION_KINDS),
    control: {
      anyLabel: "Every kind",
      options: EXCEPTION_KINDS.map((kind) => [kind, EXCEPTION_KIND_LABELS[kind]] as const),
      width: "wide",
    },
  }),
  filter({
    name: "merchant_id",
    label: "Merchant",
    schema: xid,
    description: "Only this merchant's (a merchant account sees only its own whatever it asks).",
    page: keepXid,
  }),
  filter({
    name: "status",
    label: "Status",
    schema: oneOf(EXCEPTION_STATUSES),
    description: "open, or resolved (by a person, or by a late notification: resolvedBy system).",
    page: keepOneOf(EXCEPTION_STATUSES),
    control: {
      anyLabel: "Open and resolved",
      options: [
        ["open", "Open"],
        ["resolved", "Resolved"],
      ],
      width: "medium",
    },
  }),
] as const;
