// POST /v1/reconciliation/exceptions/{id}/resolve {note}: someone settled it (admins and
// operators). Resolving one already resolved answers it as it is, without a second entry. Audited.
import "server-only";
import { type ChangeById, requirePermission } from "@/lib/access/roles";
import { changeOnceAudited } from "@/lib/audit/change-once-audited";
import { type ExceptionDto, exceptionAuditSnapshot, toExceptionDto } from "@/lib/reconciliation/exception-dto";

export async function resolveException(options: ChangeById<{ note: string }>): Promise<ExceptionDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "reconciliation:write");
  const row = await changeOnceAudited(options, {
    action: "reconciliation_exception.resolve",
    notFoundMessage: "No reconciliation exception has this id.",
    find: (tx) => tx.reconciliationException.findUnique({ where: { id } }),
    change: (tx) =>
      tx.reconciliationException.updateMany({
        where: { id, status: "open" },
        data: { status: "resolved", resolvedAt: new Date(), resolvedBy: caller.username, resolutionNote: input.note },
      }),
    snapshot: exceptionAuditSnapshot,
    noted: { note: input.note },
  });
  return toExceptionDto(row);
}
