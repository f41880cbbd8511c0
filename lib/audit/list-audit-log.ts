// The audit log, for admins only (permission audit:read), newest first by default; filtered by
// target, action, actor and period.
import "server-only";
import { type AuditEntryDto, toAuditEntryDto } from "@/lib/audit/audit-entry-dto";
import type { AuditLogQuery } from "@/lib/audit/schemas";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { createdAtRange } from "@/lib/events/list-query";
import { afterPosition, cursorBinding, decodeCursor, orderByPosition, type Page, toPage } from "@/lib/http/pagination";

export async function listAuditLog(options: { caller: Caller; query: AuditLogQuery }): Promise<Page<AuditEntryDto>> {
  requirePermission(options.caller, "audit:read");
  const { targetType, targetId, action, actor, limit, cursor, sort } = options.query;
  const { from, to } = createdAtRange(options.query);
  const filters = { targetType, targetId, action, actorUsername: actor };
  const binding = cursorBinding("audit-log", { ...filters, from: from?.toISOString(), to: to?.toISOString(), sort });
  const position = cursor ? decodeCursor(cursor, binding) : undefined;
  const rows = await db().auditLogEntry.findMany({
    where: { AND: [filters, { createdAt: { gte: from, lt: to } }, afterPosition(position, sort)] },
    orderBy: orderByPosition(sort),
    take: limit + 1,
  });
  return toPage(rows, { limit, binding, positionOf: (row) => row, present: toAuditEntryDto });
}
