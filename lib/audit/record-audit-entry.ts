// The audit trail of changes: who did what to which resource, with before/after snapshots.
// Written with the transaction client of the change itself, so an entry exists exactly when
// the change was committed (reads worth auditing, such as exports, pass the client itself). Snapshots must already have their secrets redacted (REDACTED).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit/audit-actions";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export type { AuditAction, AuditTargetType } from "@/lib/audit/audit-actions";

type Snapshot = Prisma.InputJsonObject | null;

/**
 * The one builder of an audit row: the target type follows from the action (AUDIT_ACTIONS), a
 * missing side is SQL NULL (a create has no before), not the JSON value null.
 */
function auditRow(entry: {
  actor: { id: string | null; username: string };
  action: AuditAction;
  targetId: string;
  before?: Snapshot;
  after: Snapshot;
}): Prisma.AuditLogEntryUncheckedCreateInput {
  return {
    id: newId(),
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    targetType: AUDIT_ACTIONS[entry.action],
    targetId: entry.targetId,
    before: entry.before ?? undefined,
    after: entry.after ?? undefined,
  };
}

/** A change by a caller (null: the system itself, e.g. the delivery worker disabling a failing endpoint). */
export async function recordAuditEntry(
  tx: Prisma.TransactionClient,
  entry: { caller: Caller | null; action: AuditAction; targetId: string; before?: Snapshot; after: Snapshot },
): Promise<void> {
  const { caller, ...rest } = entry;
  const actor = { id: caller?.userId ?? null, username: caller?.username ?? "system" };
  await tx.auditLogEntry.create({ data: auditRow({ actor, ...rest }) });
}

/**
 * The same entry written with SQL, for a change made in a transaction Prisma does not hold (a
 * statement import's, on a connection of its own: lib/reconciliation/bulk-session.ts).
 */
export async function recordAuditEntrySql(
  query: (text: string, values: unknown[]) => Promise<unknown>,
  entry: { caller: Caller | null; action: AuditAction; targetId: string; after: Snapshot },
): Promise<void> {
  const { caller, ...rest } = entry;
  const row = auditRow({ actor: { id: caller?.userId ?? null, username: caller?.username ?? "system" }, ...rest });
  await query(
    `INSERT INTO audit_log (id, actor_id, actor_username, action, target_type, target_id, after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, now())`,
    [
      row.id,
      row.actorId,
      row.actorUsername,
      row.action,
      row.targetType,
      row.targetId,
      row.after ? JSON.stringify(row.after) : null,
    ],
  );
}

/** Creates a row and the audit entry of its creation in one transaction: the entry exists exactly when the row does. */
export function createAudited<Row extends { id: string }>(options: {
  caller: Caller | null;
  action: AuditAction;
  create: (tx: Prisma.TransactionClient) => Promise<Row>;
  snapshot: (row: Row) => Prisma.InputJsonObject;
}): Promise<Row> {
  return db().$transaction(async (tx) => {
    const row = await options.create(tx);
    await recordAuditEntry(tx, {
      caller: options.caller,
      action: options.action,
      targetId: row.id,
      after: options.snapshot(row),
    });
    return row;
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
  const succeeded = entry.outcome === "succeeded";
  const data = auditRow({
    actor: { id: succeeded ? entry.userId : null, username },
    action: succeeded ? "user.sign_in" : "user.sign_in_failed",
    targetId: entry.userId ?? username,
    after: { address: entry.address.slice(0, 64), via: entry.via },
  });
  await db().auditLogEntry.create({ data });
}
