// The audit trail of changes: who did what to which resource, with before/after snapshots.
// Written with the transaction client of the change itself, so an entry exists exactly when
// the change was committed. Snapshots must already have their secrets redacted (REDACTED).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { newId } from "@/lib/ids";

export type AuditAction =
  | "merchant.create"
  | "credential.create"
  | "credential.update"
  | "user.create"
  | "user.update"
  | "user.password_reset"
  | "webhook_endpoint.create"
  | "webhook_endpoint.update"
  | "webhook_endpoint.rotate_secret"
  | "webhook_endpoint.disable";
export type AuditTargetType = "merchant" | "credential" | "user" | "webhook_endpoint";

export async function recordAuditEntry(
  tx: Prisma.TransactionClient,
  entry: {
    // null: the system itself (the delivery worker disabling a failing endpoint).
    caller: Caller | null;
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    before: Prisma.InputJsonObject | null;
    after: Prisma.InputJsonObject | null;
  },
): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      id: newId(),
      actorId: entry.caller?.userId ?? null,
      actorUsername: entry.caller?.username ?? "system",
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      // A missing side is SQL NULL (a create has no before), not the JSON value null.
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
    },
  });
}
