// The audit log, for admins only (permission audit:read), newest first by default; filtered by
// target, action, actor and period.
import "server-only";
import { type AuditEntryDto, toAuditEntryDto } from "@/lib/audit/audit-entry-dto";
import type { AuditLogQuery } from "@/lib/audit/schemas";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { createdAtRange } from "@/lib/validation/created-at-range";

export async function listAuditLog(options: { caller: Caller; query: AuditLogQuery }): Promise<Page<AuditEntryDto>> {
  requirePermission(options.caller, "audit:read");
  const { targetType, targetId, action, actor, limit, cursor, sort } = options.query;
  const { from, to } = createdAtRange(options.query);
  const filters = { targetType, targetId, action, actorUsername: actor };
  return keysetPage({
    list: "audit-log",
    filters: { ...filters, from: from?.toISOString(), to: to?.toISOString() },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().auditLogEntry.findMany({
        where: { AND: [filters, { createdAt: { gte: from, lt: to } }, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
      });
    },
    present: toAuditEntryDto,
  });
}
