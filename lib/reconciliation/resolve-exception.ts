// POST /v1/reconciliation/exceptions/{id}/resolve {note}: someone settled it (admins and
// operators). Resolving one already resolved answers it as it is, without a second entry. Audited.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type ExceptionDto, exceptionAuditSnapshot, toExceptionDto } from "@/lib/reconciliation/exception-dto";

export async function resolveException(options: { caller: Caller; id: string; input: { note: string } }): Promise<ExceptionDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "reconciliation:write");
  const row = await db().$transaction(async (tx) => {
    const before = XID_PATTERN.test(id) ? await tx.reconciliationException.findUnique({ where: { id } }) : null;
    if (!before) throw notFound("No reconciliation exception has this id.");
    const changed = await tx.reconciliationException.updateMany({
      where: { id, status: "open" },
      data: { status: "resolved", resolvedAt: new Date(), resolvedBy: caller.username, resolutionNote: input.note },
    });
    const after = await tx.reconciliationException.findUniqueOrThrow({ where: { id } });
    if (changed.count > 0) {
      await recordAuditEntry(tx, {
        caller,
        action: "reconciliation_exception.resolve",
        targetId: id,
        before: exceptionAuditSnapshot(before),
        after: { ...exceptionAuditSnapshot(after), note: input.note },
      });
    }
    return after;
  });
  return toExceptionDto(row);
}
