// The audit log, for admins only (permission audit:read), newest first by default; filtered by
// target, action, actor and period (audit-filter-table.ts; audit-filter-where.ts's conditions).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { type AuditEntryDto, toAuditEntryDto } from "@/lib/audit/audit-entry-dto";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { AUDIT_FILTER_WHERE } from "@/lib/audit/audit-filter-where";
import type { AuditLogQuery } from "@/lib/audit/schemas";
import { db } from "@/lib/db/client";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";

export async function listAuditLog(options: { caller: Caller; query: AuditLogQuery }): Promise<Page<AuditEntryDto>> {
  requirePermission(options.caller, "audit:read");
  const find = (read: PageRead<Prisma.AuditLogEntryWhereInput>) => db().auditLogEntry.findMany(read);
  return filteredKeysetPage({
    list: "audit-log",
    table: AUDIT_FILTER_TABLE,
    where: AUDIT_FILTER_WHERE,
    query: options.query,
    find,
    present: toAuditEntryDto,
  });
}
