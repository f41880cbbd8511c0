// POST /v1/auth, /v1/auth/refresh, /v1/auth/revoke and the JWKS: shapes, lifetimes, rotation,
// reuse detection, and the sessions that end with the user.
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as jwks } from "@/app/.well-known/jwks.json/route";
import { POST as refresh } from "@/app/v1/auth/refresh/route";
import { POST as revoke } from "@/app/v1/auth/revoke/route";
import { POST as signIn } from "@/app/v1/auth/route";
import { GET as providers } from "@/app/v1/providers/route";
import { refreshTokens } from "@/lib/auth/token-service";
import { db } from "@/lib/db/client";
import { resetUserPassword, setUserDisabled } from "@/lib/users/system-accounts";
import { call, TEST_PASSWORD, userWithTokens } from "../support/api";

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /v1/auth", () => {
  it("returns the seed's token response with 300 s and 1800 s lifetimes, not cacheable", async () => {
    const { username } = await userWithTokens("viewer");
    const res = await call(signIn, "/v1/auth", { body: { username, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.json).sort()).toEqual([
      "access_token",
      "expires_in",
      "refresh_expires_in",
      "refresh_token",
      "token_type",
    ]);
    expect(res.json).toMatchObject({ expires_in: 300, refresh_expires_in: 1800, token_type: "Bearer" });

    const header = decodeProtectedHeader(res.json.access_token);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "at+jwt" });
    expect(header.kid).toBeTruthy();
    const claims = decodeJwt(res.json.access_token);
    for (const claim of ["iss", "aud", "sub", "role", "iat", "exp", "jti"]) expect(claims).toHaveProperty(claim);
    expect(claims.role).toBe("viewer");
    expect(claims.exp! - claims.iat!).toBe(300);

    expect(decodeProtectedHeader(res.json.refresh_token).typ).toBe("refresh+jwt");
    const refreshClaims = decodeJwt(res.json.refresh_token);
    for (const claim of ["iss", "aud", "sub", "role", "iat", "exp", "jti"]) expect(refreshClaims).toHaveProperty(claim);
    expect(refreshClaims.role).toBe("viewer");
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(1800);
    expect(refreshClaims.jti).not.toBe(claims.jti);
  });

  it("answers an unknown user and a wrong password identically", async () => {
    const { username } = await userWithTokens("viewer");
    const wrong = await call(signIn, "/v1/auth", { body: { username, password: "not the password" } });
    const unknown = await call(signIn, "/v1/auth", { body: { username: "nobody-at-all", password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });
    expect(strip(wrong.json)).toEqual(strip(unknown.json));
    expect(wrong.headers.get("content-type")).toBe("application/problem+json");
  });

  it("takes as long for an unknown user as for a wrong password", async () => {
    const { username } = await userWithTokens("viewer");
    const time = async (name: string) => {
      const started = performance.now();
      await call(signIn, "/v1/auth", { body: { username: name, password: "not the password" } });
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    // A warm-up of each path first (first-call costs), then interleaved samples compared by their
    // fastest: other work on a loaded two-core machine only ever adds time, so the minimum is the
    // path's own cost (the median of nine still drifted under a parallel test run).
    await time(username);
    await time(`ghost-warm-${username}`);
    for (let i = 0; i < 9; i++) {
      wrong.push(await time(username));
      unknown.push(await time(`ghost-${i}-${username}`));
    }
    const ratio = Math.min(...unknown) / Math.min(...wrong);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it("refuses a disabled user with the same 401", async () => {
    const { username } = await userWithTokens("viewer");
    await setUserDisabled({ username, disabled: true });
    const res = await call(signIn, "/v1/auth", { body: { username, password: TEST_PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("invalid_credentials");
  });
});

describe("GET /.well-known/jwks.json", () => {
  it("publishes public keys that verify access tokens, and no private part", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const res = await call(jwks, "/.well-known/jwks.json");
    expect(res.status).toBe(200);
    for (const key of res.json.keys) {
      expect(key).not.toHaveProperty("d");
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    }
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(res.json as never));
    expect(payload.role).toBe("viewer");
  });
});

describe("POST /v1/auth/refresh", () => {
  it("rotates: the new pair works, the old refresh token is spent", async () => {
    const { refreshToken } = await userWithTokens("operator");
    const first = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.json.refresh_token).not.toBe(refreshToken);
    const api = await call(providers, "/v1/providers", { token: first.json.access_token });
    expect(api.status).toBe(200);
    const second = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: first.json.refresh_token } });
    expect(second.status).toBe(200);
  });

  it("ends the whole family when a spent refresh token is presented again after the grace window", async () => {
    const { refreshToken } = await userWithTokens("operator");
    const rotated = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(rotated.status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 });
    const reuse = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(reuse.status).toBe(400);
    expect(reuse.json.code).toBe("invalid_grant");
    // The legitimate successor dies with the family.
    const successor = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: rotated.json.refresh_token } });
    expect(successor.status).toBe(400);
    expect(successor.json.code).toBe("invalid_grant");
  });

  it("ends the family when a spent token comes back after its successor was used, even within the grace", async () => {
    const { refreshToken } = await userWithTokens("operator");
    const rotated = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    const next = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: rotated.json.refresh_token } });
    expect(next.status).toBe(200);
    const reuse = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(reuse.status).toBe(400);
    expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: next.json.refresh_token } })).status).toBe(400);
  });

  // A client whose response was lost (a blip, a dropped connection) retries with the
  // token it still holds; within a few seconds it gets the same new pair, not a revoked session.
  it("answers the same new pair to the just-rotated token within the grace window", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    const first = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    const retry = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(retry.status).toBe(200);
    expect(retry.json.access_token).toBe(first.json.access_token);
    expect(retry.json.refresh_token).toBe(first.json.refresh_token);
    expect(retry.json.expires_in).toBeLessThanOrEqual(first.json.expires_in);
    const next = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: retry.json.refresh_token } });
    expect(next.status).toBe(200);
    // The sealed response on the row is not the token in clear.
    const jti = decodeJwt(refreshToken).jti as string;
    const row = await db().refreshToken.findUniqueOrThrow({ where: { id: jti } });
    expect(row.successorResponse).not.toContain(first.json.refresh_token);
  });

  it("spends and mints in one transaction: a failure while minting leaves the token usable", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    const family = (decodeJwt(refreshToken) as { fam: string }).fam;
    // A database failure between the spend and the mint: the successor's insert fails.
    await db().$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION fail_mint_${family}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'blip'; END $$`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER fail_mint_${family} BEFORE INSERT ON refresh_tokens FOR EACH ROW WHEN (NEW.family_id = '${family}') EXECUTE FUNCTION fail_mint_${family}()`,
    );
    try {
      await expect(refreshTokens({ refreshToken })).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER fail_mint_${family} ON refresh_tokens`);
      await db().$executeRawUnsafe(`DROP FUNCTION fail_mint_${family}()`);
    }
    const jti = decodeJwt(refreshToken).jti as string;
    expect((await db().refreshToken.findUniqueOrThrow({ where: { id: jti } })).spentAt).toBeNull();
    const retry = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(retry.status).toBe(200);
  });

  it("mints one pair for twenty concurrent refreshes of one token, and answers it to all", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json.refresh_token)).size).toBe(1);
    const family = (decodeJwt(refreshToken) as { fam: string }).fam;
    expect(await db().refreshToken.count({ where: { familyId: family } })).toBe(2);
  });

  it("needs no Authorization header and ignores a bad one", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    const res = await call(refresh, "/v1/auth/refresh", {
      body: { refresh_token: refreshToken },
      headers: { authorization: "Bearer nonsense" },
    });
    expect(res.status).toBe(200);
  });

  it("refuses an access token in place of a refresh token", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const res = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: accessToken } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_grant");
  });

  it("ends the family when the user is disabled or changes password", async () => {
    const disabled = await userWithTokens("viewer");
    await setUserDisabled({ username: disabled.username, disabled: true });
    const a = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: disabled.refreshToken } });
    expect(a.status).toBe(400);

    const reset = await userWithTokens("viewer");
    await resetUserPassword({ username: reset.username, password: "a brand new password" });
    const b = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: reset.refreshToken } });
    expect(b.status).toBe(400);
    expect(b.json.code).toBe("invalid_grant");
  });

  it("ends the family at its absolute maximum age (12 h) however often it is rotated", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    let token = refreshToken;
    let refused: Record<string, unknown> | undefined;
    for (let minutes = 25; minutes <= 13 * 60; minutes += 25) {
      vi.setSystemTime(Date.now() + 25 * 60_000);
      const res = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: token } });
      if (res.status !== 200) {
        refused = { minutes, status: res.status, code: res.json.code };
        break;
      }
      // The refresh token never outlives its family.
      expect(decodeJwt(res.json.refresh_token).exp!).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1800);
      token = res.json.refresh_token;
    }
    expect(refused).toMatchObject({ status: 400, code: "invalid_grant" });
    expect(refused!.minutes as number).toBeGreaterThan(11 * 60);
    expect(refused!.minutes as number).toBeLessThanOrEqual(12 * 60 + 25);
  });
});

describe("POST /v1/auth/revoke", () => {
  it("ends the family: its refresh tokens no longer work", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    const res = await call(revoke, "/v1/auth/revoke", { body: { refresh_token: refreshToken } });
    expect(res.status).toBe(200);
    const after = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } });
    expect(after.status).toBe(400);
  });

  it("answers 200 for an unusable token and 400 for a missing one", async () => {
    expect((await call(revoke, "/v1/auth/revoke", { body: { refresh_token: "a.b.c" } })).status).toBe(200);
    const missing = await call(revoke, "/v1/auth/revoke", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ field: "refresh_token", message: expect.any(String) }]);
  });
});
