// POST /v1/alerts/{id}/acknowledge: someone is on it (operators and admins). The alert stays open
// until its condition ends; acknowledging twice answers the alert as it is, without a second
// entry; a resolved alert may still be acknowledged (someone looked at it). Audited.
import "server-only";
import { type AlertDto, alertAuditSnapshot, toAlertDto } from "@/lib/alerts/alert-dto";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";

export async function acknowledgeAlert(options: { caller: Caller; id: string }): Promise<AlertDto> {
  const { caller, id } = options;
  const scope = tenantScope(caller, "alerts:acknowledge");
  const row = await db().$transaction(async (tx) => {
    const before = XID_PATTERN.test(id) ? await tx.alert.findFirst({ where: { id, ...merchantWhere(scope) } }) : null;
    if (!before) throw notFound("No alert has this id.");
    const changed = await tx.alert.updateMany({
      where: { id, acknowledgedAt: null },
      data: { acknowledgedAt: new Date(), acknowledgedBy: caller.username },
    });
    const after = await tx.alert.findUniqueOrThrow({ where: { id } });
    if (changed.count > 0)
      await recordAuditEntry(tx, {
        caller,
        action: "alert.acknowledge",
        targetId: id,
        before: alertAuditSnapshot(before),
        after: { ...alertAuditSnapshot(after), acknowledgedBy: caller.username },
      });
    return after;
  });
  return toAlertDto(row);
}
