// The condition of each alerts filter on the list's Prisma where: the server's half of
// alert-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import type { AlertState } from "@/lib/alerts/alert-kinds";
import type { FilterWhere } from "@/lib/paging/filtered-page";

const STATE_WHERE: Record<AlertState, Prisma.AlertWhereInput> = {
  open: { resolvedAt: null, acknowledgedAt: null },
  acknowledged: { resolvedAt: null, acknowledgedAt: { not: null } },
  resolved: { resolvedAt: { not: null } },
};

export const ALERT_FILTER_WHERE = {
  state: (state) => STATE_WHERE[state],
  kind: (kind) => ({ kind }),
  "created_at[gte]": "period",
  "created_at[lt]": "period",
} satisfies FilterWhere<typeof ALERT_FILTER_TABLE, Prisma.AlertWhereInput>;
