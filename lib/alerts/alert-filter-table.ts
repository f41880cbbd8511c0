// The alerts list's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the where, the OpenAPI words and the page's URL state): the state, the kind, the period.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { ALERT_KINDS, ALERT_STATES, type AlertState } from "@/lib/alerts/alert-kinds";
import { filterOf } from "@/lib/paging/list-filter-table";
import { instantOrDay } from "@/lib/validation/created-at-range";

const filter = filterOf<Prisma.AlertWhereInput>();

const STATE_WHERE: Record<AlertState, Prisma.AlertWhereInput> = {
  open: { resolvedAt: null, acknowledgedAt: null },
  acknowledged: { resolvedAt: null, acknowledgedAt: { not: null } },
  resolved: { resolvedAt: { not: null } },
};

const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });

export const ALERT_FILTER_TABLE = [
  filter({
    name: "state",
    schema: oneOf(ALERT_STATES),
    where: (state) => STATE_WHERE[state],
    description: "open (holds, not acknowledged), acknowledged (holds, acknowledged) or resolved.",
    page: (text) => ((ALERT_STATES as readonly string[]).includes(text) ? text : undefined),
  }),
  filter({
    name: "kind",
    schema: oneOf(ALERT_KINDS),
    where: (kind) => ({ kind }),
    description: `One of ${ALERT_KINDS.join(", ")}.`,
    page: (text) => ((ALERT_KINDS as readonly string[]).includes(text) ? text : undefined),
  }),
  filter({
    name: "created_at[gte]",
    schema: instantOrDay,
    where: "period",
    description: "Opened from this instant (ISO 8601 with offset) or the start of this UTC day (YYYY-MM-DD).",
  }),
  filter({
    name: "created_at[lt]",
    schema: instantOrDay,
    where: "period",
    description: "Opened before this instant, or before the start of this UTC day.",
  }),
] as const;
