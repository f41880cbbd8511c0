// The condition of each audit log filter on the list's Prisma where: the server's half of
// audit-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import type { FilterWhere } from "@/lib/paging/filtered-page";

export const AUDIT_FILTER_WHERE = {
  targetType: (targetType) => ({ targetType }),
  targetId: (targetId) => ({ targetId }),
  actor: (actorUsername) => ({ actorUsername }),
  "created_at[gte]": "period",
  "created_at[lt]": "period",
  action: (action) => ({ action }),
} satisfies FilterWhere<typeof AUDIT_FILTER_TABLE, Prisma.AuditLogEntryWhereInput>;
