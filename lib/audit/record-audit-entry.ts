// The audit trail of changes: who did what to which resource, with before/after snapshots.
// Written with the transaction client of the change itself, so an entry exists exactly when
// the change was committed (reads worth auditing, such as exports, pass the client itself). Snapshots must already have their secrets redacted (REDACTED).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export type AuditAction =
  | "merchant.create"
  | "merchant.update"
  | "credential.create"
  | "credential.update"
  | "user.create"
  | "user.update"
  | "user.password_reset"
  | "user.password_change"
  | "user.sign_in"
  | "user.sign_in_failed"
  | "event.export"
  | "event.retry"
  | "event.bulk_retry"
  | "webhook_endpoint.create"
  | "webhook_endpoint.update"
  | "webhook_endpoint.rotate_secret"
  | "webhook_endpoint.disable"
  | "portal_session.create"
  | "portal_session.revoke";
export type AuditTargetType = "merchant" | "credential" | "user" | "event" | "event_retry_job" | "webhook_endpoint";

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

/**
 * A sign-in, or a refused one (then the actor is whoever typed the username: no user id, and the
 * target is the user when it exists, else the name typed). The address, never the password.
 */
export async function recordSignIn(entry: {
  username: string;
  userId: string | null;
  address: string;
  outcome: "succeeded" | "failed";
  via: "api" | "dashboard";
}): Promise<void> {
  const username = entry.username.slice(0, 64);
  await db().auditLogEntry.create({
    data: {
      id: newId(),
      actorId: entry.outcome === "succeeded" ? entry.userId : null,
      actorUsername: username,
      action: entry.outcome === "succeeded" ? "user.sign_in" : "user.sign_in_failed",
      targetType: "user",
      targetId: entry.userId ?? username,
      after: { address: entry.address.slice(0, 64), via: entry.via },
    },
  });
}
