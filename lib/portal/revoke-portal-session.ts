// DELETE /v1/merchants/{id}/portal-sessions/{sessionId}: ends a portal session (its link, or the
// session it opened) at once on this instance, within ACCOUNT_STATUS_TTL_MS on the others, as
// disabling an account does. Operators and admins; audited. Revoking twice is no change.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { changeOnceAudited } from "@/lib/audit/change-once-audited";
import type { PortalSessionRevokedDto } from "@/lib/portal/portal-session-dto";
import { forgetPortalSessionStatus } from "@/lib/portal/portal-session-status";

export async function revokePortalSession(options: {
  caller: Caller;
  merchantId: string;
  id: string;
}): Promise<PortalSessionRevokedDto> {
  const { caller, merchantId, id } = options;
  requirePermission(caller, "merchants:write");
  const session = await changeOnceAudited(options, {
    action: "portal_session.revoke",
    targetId: merchantId,
    notFoundMessage: "This merchant has no portal session with this id.",
    find: (tx) => tx.portalSession.findFirst({ where: { id, merchantId } }),
    change: (tx) => tx.portalSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } }),
    // Before the change the session has no revokedAt; the entry's after names the instant it got.
    snapshot: (row) => ({ portalSessionId: row.id, ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}) }),
  });
  forgetPortalSessionStatus(id);
  // Set by this call, or by an earlier one (then unchanged).
  return { id, merchantId, revokedAt: (session.revokedAt as Date).toISOString() };
}
