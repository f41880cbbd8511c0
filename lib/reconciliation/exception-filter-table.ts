// The reconciliation exceptions list's filters, each declared once (lib/paging/list-filter-table.ts
// derives the query schema, the where, the OpenAPI words and a page's URL state): the import, the
// kind, the merchant, the state.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { filterOf } from "@/lib/paging/list-filter-table";
import { EXCEPTION_KINDS, EXCEPTION_STATUSES } from "@/lib/reconciliation/reconciliation-values";

const filter = filterOf<Prisma.ReconciliationExceptionWhereInput>();

const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });
const xid = z.string().regex(/^[0-9a-v]{20}$/, "must be an id: 20 characters of [0-9a-v]");

export const EXCEPTION_FILTER_TABLE = [
  filter({
    name: "import_id",
    schema: xid,
    where: (importId) => ({ importId }),
    description: "Only the exceptions this import found.",
  }),
  filter({
    name: "kind",
    schema: oneOf(EXCEPTION_KINDS),
    where: (kind) => ({ kind }),
    description: `One of ${EXCEPTION_KINDS.join(", ")}.`,
    page: (text) => ((EXCEPTION_KINDS as readonly string[]).includes(text) ? text : undefined),
  }),
  filter({
    name: "merchant_id",
    schema: xid,
    where: (merchantId) => ({ merchantId }),
    description: "Only this merchant's (a merchant account sees only its own whatever it asks).",
  }),
  filter({
    name: "status",
    schema: oneOf(EXCEPTION_STATUSES),
    where: (status) => ({ status }),
    description: "open, or resolved (by a person, or by a late notification: resolvedBy system).",
    page: (text) => ((EXCEPTION_STATUSES as readonly string[]).includes(text) ? text : undefined),
  }),
] as const;
