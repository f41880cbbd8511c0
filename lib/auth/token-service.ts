// Token issuance: sign-in with a password, refresh-token rotation with reuse detection
// (RFC 9700: a spent refresh token presented again ends its whole family), and revocation.
import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { recordSignIn } from "@/lib/audit/record-audit-entry";
import { countLoginAttempt, countSuccessfulSignIn, forgiveLoginAttempt, refuseSignInOverLimit } from "@/lib/auth/login-limiter";
import { verifyPassword } from "@/lib/crypto/passwords";
import { DecryptionError, decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { badRequest, unauthorized } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { signAccessToken, signRefreshToken, TokenRejected, verifyRefreshToken } from "@/lib/tokens/jwt";
import { secretField } from "@/lib/validation/secret-field";

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The answer of POST /v1/auth and POST /v1/auth/refresh (the seed's token response). */
export const tokenResponseSchema = z.strictObject({
  access_token: secretField(z.string().regex(JWT)).describe("A JWT (typ at+jwt) to send as Authorization: Bearer"),
  expires_in: z.int().positive().describe("Seconds until the access token expires"),
  refresh_token: secretField(z.string().regex(JWT)).describe("A JWT for POST /v1/auth/refresh; spent when used"),
  refresh_expires_in: z.int().nonnegative().describe("Seconds until the refresh token expires"),
  token_type: z.literal("Bearer"),
});

export type TokenResponse = z.output<typeof tokenResponseSchema>;

/** The answer of POST /v1/auth/revoke, whether or not the token was usable (RFC 7009). */
export const revokeResponseSchema = z.strictObject({ revoked: z.literal(true) });

// RFC 9110: every 401 names a scheme; this one says how to obtain a token.
const invalidCredentials = () =>
  unauthorized("invalid_credentials", "The username or password is wrong.", 'Bearer realm="payment-integrations"');

const invalidGrant = (detail: string) => badRequest("invalid_grant", detail);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Whom the tokens speak for: a merchant account's carry its merchant (the merchant_id claim). */
function subjectOf(user: { id: string; username: string; role: Caller["role"]; merchantId: string | null }): Caller {
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    ...(user.merchantId ? { merchantId: user.merchantId } : {}),
  };
}

type Minted = { jti: string; response: TokenResponse };

/** A new token pair of the family; its refresh token's row is written with `client` (a transaction's). */
async function mintPair(
  client: Prisma.TransactionClient,
  subject: Caller,
  familyId: string,
  familyExpiresAt: Date,
): Promise<Minted> {
  const { accessTtlSeconds, refreshTtlSeconds } = env().auth;
  const now = nowSeconds();
  const refreshExp = Math.min(now + refreshTtlSeconds, Math.floor(familyExpiresAt.getTime() / 1000));
  const refreshJti = newId();
  await client.refreshToken.create({
    data: { id: refreshJti, familyId, expiresAt: new Date(refreshExp * 1000) },
  });
  const [access, refresh] = await Promise.all([
    signAccessToken(subject, newId(), now + accessTtlSeconds),
    signRefreshToken(subject, familyId, refreshJti, refreshExp),
  ]);
  return {
    jti: refreshJti,
    response: {
      access_token: access,
      expires_in: accessTtlSeconds,
      refresh_token: refresh,
      refresh_expires_in: refreshExp - now,
      token_type: "Bearer",
    },
  };
}

/** Sign-in with a password; every outcome past the limits is audited (who, from where, how). */
export async function signIn(options: {
  username: string;
  password: string;
  address: string;
  via?: "api" | "dashboard";
}): Promise<TokenResponse> {
  const { username, password, address, via = "api" } = options;
  await refuseSignInOverLimit(username, address);
  await countLoginAttempt(username, address);
  const user = await db().user.findUnique({ where: { username } });
  // The dummy verification keeps unknown users as slow as wrong passwords.
  const ok = await verifyPassword(user && !user.disabled ? user.passwordHash : undefined, password);
  if (!user || user.disabled || !ok) {
    logger().info({ event: "sign_in_failed" }, "sign-in refused");
    await recordSignIn({ username, userId: user?.id ?? null, address, outcome: "failed", via });
    throw invalidCredentials();
  }
  await forgiveLoginAttempt(username, address);
  await countSuccessfulSignIn(username, address);
  await recordSignIn({ username: user.username, userId: user.id, address, outcome: "succeeded", via });
  const family = await db().refreshFamily.create({
    data: {
      id: newId(),
      userId: user.id,
      expiresAt: new Date(Date.now() + env().auth.familyMaxAgeSeconds * 1000),
    },
  });
  const minted = await mintPair(db(), subjectOf(user), family.id, family.expiresAt);
  return minted.response;
}

async function revokeFamily(familyId: string, reason: string): Promise<void> {
  await db().refreshFamily.updateMany({
    where: { id: familyId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
}

async function verifiedRefresh(refreshToken: string) {
  try {
    return await verifyRefreshToken(refreshToken);
  } catch (e) {
    if (e instanceof TokenRejected) throw invalidGrant(`The refresh token is not valid (${e.reason}).`);
    throw e;
  }
}

// The successor's token response, kept sealed on the spent row (bound to it) for the grace window.
const successorBinding = (jti: string) => `refresh-successor:${jti}`;

type Rotation = { kind: "minted"; response: TokenResponse } | { kind: "ended" } | { kind: "already_spent" };

/**
 * Spends the refresh token and mints its successor in ONE transaction: a failure between the two
 * (a database blip) rolls the spend back, so the client's retry is a normal refresh, not reuse.
 */
async function rotate(claims: { jti: string; familyId: string }): Promise<Rotation> {
  return db().$transaction(async (tx) => {
    // One conditional UPDATE: of concurrent presentations exactly one matches; the others wait
    // for its commit, then see the token spent (and its successor, for the grace window).
    const spent = await tx.refreshToken.updateMany({
      where: { id: claims.jti, familyId: claims.familyId, spentAt: null },
      data: { spentAt: new Date() },
    });
    if (spent.count === 0) return { kind: "already_spent" };
    const family = await tx.refreshFamily.findUnique({ where: { id: claims.familyId }, include: { user: true } });
    if (!family || family.revokedAt) return { kind: "ended" };
    const { user } = family;
    const ended =
      family.expiresAt <= new Date()
        ? "max_age"
        : user.disabled
          ? "user_disabled"
          : family.createdAt < user.credentialsEpoch
            ? "credentials_changed"
            : undefined;
    if (ended) {
      await tx.refreshFamily.updateMany({
        where: { id: family.id, revokedAt: null },
        data: { revokedAt: new Date(), revokedReason: ended },
      });
      return { kind: "ended" };
    }
    const minted = await mintPair(tx, subjectOf(user), family.id, family.expiresAt);
    const sealed = encryptSecret(JSON.stringify(minted.response), successorBinding(claims.jti));
    await tx.refreshToken.update({
      where: { id: claims.jti },
      data: { successorId: minted.jti, successorResponse: `${sealed.keyVersion}:${sealed.ciphertext.toString("base64")}` },
    });
    return { kind: "minted", response: minted.response };
  });
}

/**
 * The pair minted when this token was spent, if it is asked for again within the grace window,
 * its successor has not been used yet and the family lives: the client lost the response.
 */
async function graceReplay(jti: string): Promise<TokenResponse | undefined> {
  const graceMs = env().auth.refreshReuseGraceSeconds * 1000;
  if (graceMs === 0) return undefined;
  const row = await db().refreshToken.findUnique({
    where: { id: jti },
    select: { spentAt: true, successorId: true, successorResponse: true, family: { select: { revokedAt: true } } },
  });
  if (!row?.spentAt || !row.successorId || !row.successorResponse || row.family.revokedAt) return undefined;
  if (Date.now() - row.spentAt.getTime() > graceMs) return undefined;
  const successor = await db().refreshToken.findUnique({ where: { id: row.successorId }, select: { spentAt: true } });
  if (!successor || successor.spentAt) return undefined;
  const [version, ciphertext] = row.successorResponse.split(":");
  try {
    const response = JSON.parse(
      decryptSecret(Buffer.from(ciphertext ?? "", "base64"), Number(version), successorBinding(jti)),
    ) as TokenResponse;
    // The same tokens; their lifetimes counted from now.
    const elapsed = Math.floor((Date.now() - row.spentAt.getTime()) / 1000);
    return {
      ...response,
      expires_in: Math.max(0, response.expires_in - elapsed),
      refresh_expires_in: Math.max(0, response.refresh_expires_in - elapsed),
    };
  } catch (e) {
    if (e instanceof DecryptionError) return undefined;
    throw e;
  }
}

export async function refreshTokens(options: { refreshToken: string }): Promise<TokenResponse> {
  const claims = await verifiedRefresh(options.refreshToken);
  const rotation = await rotate(claims);
  if (rotation.kind === "minted") return rotation.response;
  if (rotation.kind === "ended") throw invalidGrant("The session of this refresh token has ended.");
  const known = await db().refreshToken.findUnique({ where: { id: claims.jti }, select: { id: true } });
  if (!known) throw invalidGrant("The refresh token is not known.");
  const replay = await graceReplay(claims.jti);
  if (replay) return replay;
  await revokeFamily(claims.familyId, "reuse_detected");
  logger().warn({ event: "refresh_reuse", familyId: claims.familyId }, "refresh token reused: family revoked");
  throw invalidGrant("The refresh token was already used; its session has been ended.");
}

/** Ends the refresh token's family (logout). Like RFC 7009, an unusable token is not an error. */
export async function revokeTokens(options: { refreshToken: string }): Promise<void> {
  try {
    const claims = await verifyRefreshToken(options.refreshToken);
    await revokeFamily(claims.familyId, "revoked");
  } catch (e) {
    if (!(e instanceof TokenRejected)) throw e;
    // An expired token's family may still hold a live successor: the signature is what matters.
    if (e.reason === "expired") {
      const familyId = familyOfExpired(options.refreshToken);
      if (familyId) await revokeFamily(familyId, "revoked");
    }
  }
}

function familyOfExpired(token: string): string | undefined {
  // Only reached after jose verified the signature and rejected just the expiry.
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  const fam = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { fam?: unknown }).fam;
  return typeof fam === "string" ? fam : undefined;
}
