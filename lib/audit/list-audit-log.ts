// The audit log, for admins only (permission audit:read), newest first by default; filtered by
// target, action, actor and period (audit-filter-table.ts).
import "server-only";
import { type AuditEntryDto, toAuditEntryDto } from "@/lib/audit/audit-entry-dto";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import type { AuditLogQuery } from "@/lib/audit/schemas";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { filterConditions, filterValues } from "@/lib/paging/list-filter-table";

export async function listAuditLog(options: { caller: Caller; query: AuditLogQuery }): Promise<Page<AuditEntryDto>> {
  requirePermission(options.caller, "audit:read");
  const { limit, cursor, sort } = options.query;
  const filters = filterConditions(AUDIT_FILTER_TABLE, options.query);
  return keysetPage({
    list: "audit-log",
    filters: filterValues(AUDIT_FILTER_TABLE, options.query),
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().auditLogEntry.findMany({
        where: { AND: [...filters, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
      });
    },
    present: toAuditEntryDto,
  });
}
