// Who an access token speaks for, right now: the signature and claims (verified once per token,
// then cached until it expires), and the user's current state. A token of a user who was
// disabled, or whose role or password changed after it was issued (the credentials epoch), is
// refused: an admin's "Disable" takes effect on the API at once on every instance (the change's
// NOTIFY, lib/users/account-change-listener.ts; within ACCOUNT_STATUS_TTL_MS while an instance's listener
// is down), instead of when the token expires.
// The user's state is read at most once per user per TTL, so the hot path stays free of it.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { portalSessionLive } from "@/lib/portal/portal-session-status";
import { TokenRejected, verifyAccessTokenClaims } from "@/lib/tokens/jwt";
import { accountStatus } from "@/lib/users/account-status";

const MAX_CACHED = 10_000;

type Verified = { caller: Caller; issuedAtMs: number; expiresAt: number };
const verifiedTokens = new Map<string, Verified>();

async function verified(token: string): Promise<Verified> {
  const hit = verifiedTokens.get(token);
  if (hit && hit.expiresAt * 1000 > Date.now()) return hit;
  const claims = await verifyAccessTokenClaims(token);
  if (verifiedTokens.size >= MAX_CACHED) verifiedTokens.clear();
  verifiedTokens.set(token, claims);
  return claims;
}

/** The caller of a valid, current access token; throws TokenRejected otherwise. */
export async function callerOfAccessToken(token: string): Promise<Caller> {
  const { caller, issuedAtMs } = await verified(token);
  if (caller.portalSession) {
    // Not an account: the portal session's own expiry and revocation decide (lib/portal/).
    if (!(await portalSessionLive(caller.userId, caller.merchantId))) throw new TokenRejected("revoked");
    return caller;
  }
  const status = await accountStatus(caller.userId);
  // Milliseconds on both sides (iat_ms against the credentials epoch), so a sign-in right after a
  // password change is not taken for a token from before it.
  if (!status || status.disabled || issuedAtMs < status.epochMs) throw new TokenRejected("revoked");
  // The scope the token claims must be the account's (a change of merchant also moves the epoch).
  if ((caller.merchantId ?? null) !== status.merchantId) throw new TokenRejected("revoked");
  return status.passwordChangeRequired ? { ...caller, passwordChangeRequired: true } : caller;
}
