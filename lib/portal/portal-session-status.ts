// Whether a portal session's tokens still speak for it: checked where an account's status is
// (lib/auth/access-token-caller.ts), read at most once per session per ACCOUNT_STATUS_TTL_MS.
// Revoked, expired, or naming another merchant than the token: refused.
import "server-only";
import { sql } from "@/lib/db/client";

const TTL_MS = 10_000;
const MAX_CACHED = 10_000;
type Status = { merchantId: string; expiresAtMs: number; revoked: boolean; readAt: number };
const statuses = new Map<string, Status>();

export async function portalSessionLive(id: string, merchantId: string | undefined): Promise<boolean> {
  let status = statuses.get(id);
  if (!status || Date.now() - status.readAt >= TTL_MS) {
    const [row] = (await sql({
      name: "portal_session_status",
      text:
        "SELECT merchant_id, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires_ms, revoked_at IS NOT NULL AS revoked " +
        "FROM portal_sessions WHERE id = $1",
      values: [id],
    })) as { merchant_id: string; expires_ms: string; revoked: boolean }[];
    if (!row) return false;
    status = { merchantId: row.merchant_id, expiresAtMs: Number(row.expires_ms), revoked: row.revoked, readAt: Date.now() };
    if (statuses.size >= MAX_CACHED) statuses.clear();
    statuses.set(id, status);
  }
  return !status.revoked && status.expiresAtMs > Date.now() && status.merchantId === merchantId;
}

export function forgetPortalSessionStatus(id: string): void {
  statuses.delete(id);
}
