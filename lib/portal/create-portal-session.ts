// POST /v1/merchants/{id}/portal-sessions: a one-time link that opens the merchant's portal
// without a password (operators and admins; audited). The link carries 32 random bytes in its
// fragment (never sent to a server, so never in a log); only their sha256 is stored.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { newId, XID_PATTERN } from "@/lib/ids";
import { PORTAL_LINK_TTL_SECONDS, PORTAL_SESSION_TTL_SECONDS, type PortalSessionDto } from "@/lib/portal/portal-session-dto";

export const portalTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createPortalSession(options: { caller: Caller; merchantId: string }): Promise<PortalSessionDto> {
  const { caller, merchantId } = options;
  requirePermission(caller, "merchants:write");
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const row = await db().$transaction(async (tx) => {
    const merchant = XID_PATTERN.test(merchantId) ? await tx.merchant.findUnique({ where: { id: merchantId } }) : null;
    if (!merchant) throw notFound("No merchant has this id.");
    const created = await tx.portalSession.create({
      data: {
        id: newId(),
        merchantId,
        tokenHash: portalTokenHash(token),
        linkExpiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_SECONDS * 1000),
        expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_SECONDS * 1000),
        createdBy: caller.username,
        createdAt: now,
      },
    });
    await recordAuditEntry(tx, {
      caller,
      action: "portal_session.create",
      targetId: merchantId,
      before: null,
      after: { portalSessionId: created.id, expiresAt: created.expiresAt.toISOString() },
    });
    return created;
  });
  return {
    id: row.id,
    merchantId: row.merchantId,
    url: `${env().nextAuthUrl.replace(/\/$/, "")}/portal#${token}`,
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
