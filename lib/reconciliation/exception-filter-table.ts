// The reconciliation exceptions list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the where, the OpenAPI words and a page's URL state): the import, the
// kind, the merchant, the state.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { filterOf } from "@/lib/paging/list-filter-table";
import { EXCEPTION_KIND_LABELS, EXCEPTION_KINDS, EXCEPTION_STATUSES } from "@/lib/reconciliation/reconciliation-values";

const filter = filterOf<Prisma.ReconciliationExceptionWhereInput>();

const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });
const xid = z.string().regex(/^[0-9a-v]{20}$/, "must be an id: 20 characters of [0-9a-v]");
// The page keeps only what the API takes: a hand-edited URL's other text is dropped, not sent for a 400.
const keepXid = (text: string) => (/^[0-9a-v]{20}$/.test(text) ? text : undefined);
const keepOneOf = (values: readonly string[]) => (text: string) => (values.includes(text) ? text : undefined);

export const EXCEPTION_FILTER_TABLE = [
  filter({
    name: "import_id",
    schema: xid,
    where: (importId) => ({ importId }),
    description: "Only the exceptions this import found.",
    page: keepXid,
  }),
  filter({
    name: "kind",
    schema: oneOf(EXCEPTION_KINDS),
    where: (kind) => ({ kind }),
    description: `One of ${EXCEPTION_KINDS.join(", ")}.`,
    page: keepOneOf(EXCEPTION_KINDS),
    control: {
      label: "Kind",
      anyLabel: "Every kind",
      options: EXCEPTION_KINDS.map((kind) => [kind, EXCEPTION_KIND_LABELS[kind]] as const),
      width: "wide",
    },
  }),
  filter({
    name: "merchant_id",
    schema: xid,
    where: (merchantId) => ({ merchantId }),
    description: "Only this merchant's (a merchant account sees only its own whatever it asks).",
    page: keepXid,
  }),
  filter({
    name: "status",
    schema: oneOf(EXCEPTION_STATUSES),
    where: (status) => ({ status }),
    description: "open, or resolved (by a person, or by a late notification: resolvedBy system).",
    page: keepOneOf(EXCEPTION_STATUSES),
    control: {
      label: "Status",
      anyLabel: "Open and resolved",
      options: [
        ["open", "Open"],
        ["resolved", "Resolved"],
      ],
      width: "medium",
    },
  }),
] as const;
