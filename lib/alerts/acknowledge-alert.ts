// POST /v1/alerts/{id}/acknowledge: someone is on it (operators and admins). The alert stays open
// until its condition ends; acknowledging twice answers the alert as it is, without a second
// entry; a resolved alert may still be acknowledged (someone looked at it). Audited.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { merchantWhere, tenantScope } from "@/lib/access/tenant-scope";
import { type AlertDto, alertAuditSnapshot, toAlertDto } from "@/lib/alerts/alert-dto";
import { changeOnceAudited } from "@/lib/audit/change-once-audited";

export async function acknowledgeAlert(options: { caller: Caller; id: string }): Promise<AlertDto> {
  const { caller, id } = options;
  const scope = tenantScope(caller, "alerts:acknowledge");
  const row = await changeOnceAudited(options, {
    action: "alert.acknowledge",
    notFoundMessage: "No alert has this id.",
    find: (tx) => tx.alert.findFirst({ where: { id, ...merchantWhere(scope) } }),
    change: (tx) =>
      tx.alert.updateMany({
        where: { id, acknowledgedAt: null },
        data: { acknowledgedAt: new Date(), acknowledgedBy: caller.username },
      }),
    snapshot: alertAuditSnapshot,
    noted: { acknowledgedBy: caller.username },
  });
  return toAlertDto(row);
}
