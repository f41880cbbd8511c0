// The API's view of an audit log row.
import type { AuditLogEntry } from "@/generated/prisma/client";

export type AuditEntryDto = {
  id: string;
  action: string;
  actorId: string | null;
  actorUsername: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

export function toAuditEntryDto(row: AuditLogEntry): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}
