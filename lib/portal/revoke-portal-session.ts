// DELETE /v1/merchants/{id}/portal-sessions/{sessionId}: ends a portal session (its link, or the
// session it opened) at once on this instance, within ACCOUNT_STATUS_TTL_MS on the others, as
// disabling an account does. Operators and admins; audited. Revoking twice is no change.
import "server-only";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import type { PortalSessionRevokedDto } from "@/lib/portal/portal-session-dto";
import { forgetPortalSessionStatus } from "@/lib/portal/portal-session-status";

export async function revokePortalSession(options: {
  caller: Caller;
  merchantId: string;
  id: string;
}): Promise<PortalSessionRevokedDto> {
  const { caller, merchantId, id } = options;
  requirePermission(caller, "merchants:write");
  const revokedAt = await db().$transaction(async (tx) => {
    const session = XID_PATTERN.test(id) ? await tx.portalSession.findFirst({ where: { id, merchantId } }) : null;
    if (!session) throw notFound("This merchant has no portal session with this id.");
    if (session.revokedAt) return session.revokedAt;
    const now = new Date();
    await tx.portalSession.update({ where: { id }, data: { revokedAt: now } });
    await recordAuditEntry(tx, {
      caller,
      action: "portal_session.revoke",
      targetId: merchantId,
      before: { portalSessionId: id },
      after: { portalSessionId: id, revokedAt: now.toISOString() },
    });
    return now;
  });
  forgetPortalSessionStatus(id);
  return { id, merchantId, revokedAt: revokedAt.toISOString() };
}
