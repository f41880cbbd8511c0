// The one use of a portal link: next-auth's "portal-session" sign-in hands the token here. One
// UPDATE takes it (unused, unrevoked, the link unexpired) so two tabs racing get one session; the
// answer is an access token for the session's subject (role merchant, the merchant's scope, the
// portal_session claim) that expires with the session. No refresh token: the session cannot be
// made longer, and when it ends the console asks to sign in again.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { sql } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { portalTokenHash } from "@/lib/portal/create-portal-session";
import { signAccessToken } from "@/lib/tokens/jwt";

export type RedeemedPortalSession = { caller: Caller; accessToken: string; expiresAtMs: number };

export async function redeemPortalSession(token: string): Promise<RedeemedPortalSession | null> {
  const [row] = (await sql({
    name: "portal_session_redeem",
    text:
      "UPDATE portal_sessions SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL " +
      "AND link_expires_at > now() AND expires_at > now() " +
      "RETURNING id, merchant_id, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires_ms",
    values: [portalTokenHash(token)],
  })) as { id: string; merchant_id: string; expires_ms: string }[];
  if (!row) return null;
  const caller: Caller = {
    userId: row.id,
    username: `portal-session:${row.id}`,
    role: "merchant",
    merchantId: row.merchant_id,
    portalSession: true,
  };
  const expiresAtMs = Number(row.expires_ms);
  const accessToken = await signAccessToken(caller, newId(), Math.floor(expiresAtMs / 1000));
  return { caller, accessToken, expiresAtMs };
}
