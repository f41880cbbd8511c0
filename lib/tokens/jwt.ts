// Minting and checking the two JWT kinds. Access tokens carry typ "at+jwt" (RFC 9068) and the
// API audience; refresh tokens carry typ "refresh+jwt" and the issuer as audience, so neither
// is accepted in the other's place. Only EdDSA is accepted: no "none", no HMAC confusion.
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { type Caller, ROLES, type Role } from "@/lib/access/roles";
import { env } from "@/lib/env";
import { signingKeys } from "@/lib/tokens/signing-keys";

export const ACCESS_TYP = "at+jwt";
export const REFRESH_TYP = "refresh+jwt";

type Subject = Caller;

async function sign(payload: JWTPayload, typ: string, audience: string, jti: string, expiresAt: number): Promise<string> {
  const keys = await signingKeys();
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "EdDSA", kid: keys.kid, typ })
    .setIssuer(env().auth.issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setJti(jti)
    .setExpirationTime(expiresAt)
    .sign(keys.signingKey);
}

export function signAccessToken(subject: Subject, jti: string, expiresAt: number): Promise<string> {
  return sign(
    // iat_ms: iat has whole seconds, too coarse to place a token before or after a password
    // change made in the same second (a sign-in right after the change would be refused).
    // merchant_id: the scope of a merchant account (lib/access/tenant-scope.ts), checked against the account on use.
    {
      sub: subject.userId,
      role: subject.role,
      ...(subject.merchantId ? { merchant_id: subject.merchantId } : {}),
      ...(subject.portalSession ? { portal_session: true } : {}),
      username: subject.username,
      client_id: subject.username,
      iat_ms: Date.now(),
    },
    ACCESS_TYP,
    env().auth.audience,
    jti,
    expiresAt,
  );
}

// role: the claims product.md names for both tokens. Informative only: a refresh reads the user's
// current role (and state) from the database, never this claim.
export function signRefreshToken(subject: Subject, familyId: string, jti: string, expiresAt: number): Promise<string> {
  return sign({ sub: subject.userId, role: subject.role, fam: familyId }, REFRESH_TYP, env().auth.issuer, jti, expiresAt);
}

export type TokenRejection = "expired" | "invalid" | "revoked";

const REJECTION_MESSAGES: Record<TokenRejection, string> = {
  expired: "The token has expired.",
  invalid: "The token is not valid.",
  revoked: "The token was revoked: its user was disabled or changed since it was issued.",
};

export class TokenRejected extends Error {
  constructor(readonly reason: TokenRejection) {
    super(REJECTION_MESSAGES[reason]);
  }
}

async function verify(token: string, typ: string, audience: string): Promise<JWTPayload> {
  const keys = await signingKeys();
  try {
    const { payload } = await jwtVerify(token, keys.verifyKey, {
      algorithms: ["EdDSA"],
      typ,
      issuer: env().auth.issuer,
      audience,
      requiredClaims: ["sub", "jti", "iat", "exp"],
    });
    return payload;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new TokenRejected("expired");
    throw new TokenRejected("invalid");
  }
}

/**
 * The caller an access token names, when it was issued (milliseconds: iat_ms, or iat's whole
 * seconds for a token minted before iat_ms existed) and when it expires (seconds).
 */
export async function verifyAccessTokenClaims(token: string): Promise<{ caller: Caller; issuedAtMs: number; expiresAt: number }> {
  const payload = await verify(token, ACCESS_TYP, env().auth.audience);
  const role = payload.role as Role;
  if (!ROLES.includes(role) || typeof payload.username !== "string") throw new TokenRejected("invalid");
  // A merchant account's token names its merchant; no other role's does.
  const merchantId = payload.merchant_id;
  if (
    (role === "merchant") !== (typeof merchantId === "string") ||
    (merchantId !== undefined && typeof merchantId !== "string")
  ) {
    throw new TokenRejected("invalid");
  }
  const iatMs = payload.iat_ms;
  // A signed iat_ms within the second its iat names; anything else is not a token we minted.
  const issuedAtMs = typeof iatMs === "number" && Math.floor(iatMs / 1000) === payload.iat ? iatMs : payload.iat! * 1000;
  const caller: Caller = { userId: payload.sub!, username: payload.username, role };
  if (typeof merchantId === "string") caller.merchantId = merchantId;
  // A portal session's token: a merchant's scope only.
  if (payload.portal_session === true) {
    if (role !== "merchant") throw new TokenRejected("invalid");
    caller.portalSession = true;
  }
  return { caller, issuedAtMs, expiresAt: payload.exp! };
}

export async function verifyAccessToken(token: string): Promise<Caller> {
  return (await verifyAccessTokenClaims(token)).caller;
}

export async function verifyRefreshToken(token: string): Promise<{ userId: string; familyId: string; jti: string }> {
  const payload = await verify(token, REFRESH_TYP, env().auth.issuer);
  if (typeof payload.fam !== "string") throw new TokenRejected("invalid");
  return { userId: payload.sub!, familyId: payload.fam, jti: payload.jti! };
}
