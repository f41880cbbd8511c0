// Who an access token speaks for, right now: the signature and claims (verified once per token,
// then cached until it expires), and the user's current state. A token of a user who was
// disabled, or whose role or password changed after it was issued (the credentials epoch), is
// refused: an admin's "Disable" takes effect on the API at once on every instance (the change's
// NOTIFY, account-change-listener.ts; within ACCOUNT_STATUS_TTL_MS while an instance's listener
// is down), instead of when the token expires.
// The user's state is read at most once per user per TTL, so the hot path stays free of it.
import "server-only";
import { followAccountChanges } from "@/lib/auth/account-change-listener";
import { TokenRejected, verifyAccessTokenClaims } from "@/lib/auth/jwt";
import type { Caller } from "@/lib/auth/roles";
import { sql } from "@/lib/db/client";
import { portalSessionLive } from "@/lib/portal/portal-session-status";

export const ACCOUNT_STATUS_TTL_MS = 10_000;
const MAX_CACHED = 10_000;

type Verified = { caller: Caller; issuedAtMs: number; expiresAt: number };
const verifiedTokens = new Map<string, Verified>();

type AccountStatus = {
  disabled: boolean;
  epochMs: number;
  passwordChangeRequired: boolean;
  merchantId: string | null;
  readAt: number;
};
const accountStatuses = new Map<string, AccountStatus>();
// Counts the forgets: a state read while one happened may predate the change, so it is not kept.
let forgets = 0;
const thisCache = { forget: forgetAccountStatus, forgetAll: forgetAllAccountStatuses };

async function verified(token: string): Promise<Verified> {
  const hit = verifiedTokens.get(token);
  if (hit && hit.expiresAt * 1000 > Date.now()) return hit;
  const claims = await verifyAccessTokenClaims(token);
  if (verifiedTokens.size >= MAX_CACHED) verifiedTokens.clear();
  verifiedTokens.set(token, claims);
  return claims;
}

// One read per user at a time: a burst of requests from a user whose state is not cached (a cold
// start, a forget) shares the read in flight instead of each taking a pool connection for it (200
// at once exhausted the pool's connection timeout). A read that began before a forget is not shared.
const readsInFlight = new Map<string, { forgetsAtStart: number; read: Promise<AccountStatus | undefined> }>();

async function accountStatus(userId: string): Promise<AccountStatus | undefined> {
  const hit = accountStatuses.get(userId);
  if (hit && Date.now() - hit.readAt < ACCOUNT_STATUS_TTL_MS) return hit;
  const inFlight = readsInFlight.get(userId);
  if (inFlight && inFlight.forgetsAtStart === forgets) return inFlight.read;
  const read = readAccountStatus(userId);
  const entry = { forgetsAtStart: forgets, read };
  readsInFlight.set(userId, entry);
  try {
    return await read;
  } finally {
    if (readsInFlight.get(userId) === entry) readsInFlight.delete(userId);
  }
}

async function readAccountStatus(userId: string): Promise<AccountStatus | undefined> {
  followAccountChanges(thisCache);
  const forgetsBefore = forgets;
  const [row] = (await sql({
    name: "access_token_account_status",
    text:
      "SELECT disabled, (extract(epoch FROM credentials_epoch) * 1000)::bigint::text AS epoch_ms, " +
      "password_change_required, merchant_id FROM users WHERE id = $1",
    values: [userId],
  })) as { disabled: boolean; epoch_ms: string; password_change_required: boolean; merchant_id: string | null }[];
  if (!row) return undefined;
  const status = {
    disabled: row.disabled,
    epochMs: Number(row.epoch_ms),
    passwordChangeRequired: row.password_change_required,
    merchantId: row.merchant_id,
    readAt: Date.now(),
  };
  if (accountStatuses.size >= MAX_CACHED) accountStatuses.clear();
  if (forgets === forgetsBefore) accountStatuses.set(userId, status);
  return status;
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

/** After a change to a user on this instance: its tokens are judged afresh from the next request. */
export function forgetAccountStatus(userId: string): void {
  forgets++;
  accountStatuses.delete(userId);
}

/** When changes may have been missed (the listener's connection was lost or reopened). */
export function forgetAllAccountStatuses(): void {
  forgets++;
  accountStatuses.clear();
}
