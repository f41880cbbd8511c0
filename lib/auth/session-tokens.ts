// The API token pair kept in a staff session, and its renewal. One browser sends several
// requests at once with the same session cookie, so the same refresh token reaches the server
// more than once; presenting it twice would trip reuse detection and end the session. Renewal is
// therefore single-flight per refresh token, and its outcome is kept for a short grace period
// for requests that left the browser before the renewed cookie arrived.
import "server-only";
import { createHash } from "node:crypto";
import { refreshTokens, type TokenResponse } from "@/lib/auth/token-service";
import { ApiError } from "@/lib/errors";

export type SessionTokens = {
  accessToken: string;
  /** Epoch milliseconds. */
  accessTokenExpires: number;
  /** Epoch milliseconds after which the session renews the pair. */
  accessTokenRenewAt: number;
  refreshToken: string;
};

const RENEW_MARGIN_MS = 60_000;
const GRACE_MS = 30_000;

/**
 * Renew when less than 60 s of the access token remain; a short-lived token (the e2e renewal test
 * runs with 4 s) renews in its last third instead, so that not every request rotates the pair.
 */
export function sessionTokensFrom(response: TokenResponse, now = Date.now()): SessionTokens {
  const lifetimeMs = response.expires_in * 1000;
  const margin = Math.min(RENEW_MARGIN_MS, Math.floor(lifetimeMs / 3));
  return {
    accessToken: response.access_token,
    accessTokenExpires: now + lifetimeMs,
    accessTokenRenewAt: now + lifetimeMs - margin,
    refreshToken: response.refresh_token,
  };
}

export function needsRenewal(tokens: Pick<SessionTokens, "accessTokenRenewAt">, now = Date.now()): boolean {
  return now >= tokens.accessTokenRenewAt;
}

type Renewal = Promise<SessionTokens>;
const g = globalThis as unknown as { __pic_renewals?: Map<string, Renewal> };

function inFlight(): Map<string, Renewal> {
  g.__pic_renewals ??= new Map();
  return g.__pic_renewals;
}

/** The renewed pair for a refresh token; concurrent and closely following callers share one renewal. */
export function renewSessionTokens(refreshToken: string): Renewal {
  const key = createHash("sha256").update(refreshToken).digest("base64url");
  const renewals = inFlight();
  const existing = renewals.get(key);
  if (existing) return existing;
  const renewal = refreshTokens({ refreshToken }).then((response) => sessionTokensFrom(response));
  renewals.set(key, renewal);
  const forgetLater = () => setTimeout(() => renewals.delete(key), GRACE_MS).unref();
  renewal.then(forgetLater, (error: unknown) => {
    // A refused token stays refused; any other failure (database down) spent nothing and may be retried.
    if (error instanceof ApiError) forgetLater();
    else renewals.delete(key);
  });
  return renewal;
}
