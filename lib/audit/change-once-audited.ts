// A change a row takes at most once (an alert acknowledged, an exception resolved, a portal
// session revoked), audited. Asking again must answer the row as it is without a second entry, so
// the update is conditional (only the first call matches it) and the entry is written only when
// this call's update changed the row; all in one transaction, so the entry exists exactly when
// the change does.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { type AuditAction, recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";

/**
 * `request`: the service's own options, who asks and which row (the entry's actor and, unless
 * `targetId` says otherwise, its target).
 */
export function changeOnceAudited<Row>(
  request: { caller: Caller; id: string },
  options: {
    action: AuditAction;
    /** The 404's message, for an id that is not well formed or names no row the caller may reach. */
    notFoundMessage: string;
    /** The row by id, within the caller's scope; read before the change and again after it. */
    find: (tx: Prisma.TransactionClient) => Promise<Row | null>;
    /** The update, conditional on the row not having changed yet: a count of 0 means it already had. */
    change: (tx: Prisma.TransactionClient) => Promise<{ count: number }>;
    snapshot: (row: Row) => Prisma.InputJsonObject;
    /** What the entry's after snapshot says besides the row (who acknowledged it, the note). */
    noted?: Prisma.InputJsonObject;
    /** The entry's target when it is not the row itself (a portal session's merchant). */
    targetId?: string;
  },
): Promise<Row> {
  const { caller, id } = request;
  const { action, find, change, snapshot } = options;
  return db().$transaction(async (tx) => {
    const read = async () => {
      const row = XID_PATTERN.test(id) ? await find(tx) : null;
      if (!row) throw notFound(options.notFoundMessage);
      return row;
    };
    const before = await read();
    const changed = await change(tx);
    const after = await read();
    if (changed.count > 0) {
      await recordAuditEntry(tx, {
        caller,
        action,
        targetId: options.targetId ?? id,
        before: snapshot(before),
        after: { ...snapshot(after), ...options.noted },
      });
    }
    return after;
  });
}
