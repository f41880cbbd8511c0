// Every forged, expired or misplaced token is refused with 401 invalid_token (RFC 6750), a
// missing one with a bare Bearer challenge, and a role without the right with 403.
import { generateKeyPairSync } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as providers } from "@/app/v1/providers/route";
import { env } from "@/lib/env";
import { call, userWithTokens } from "../support/api";

afterEach(() => {
  vi.useRealTimers();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function expectInvalidToken(token: string) {
  const res = await call(providers, "/v1/providers", { token });
  expect(res.status).toBe(401);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="[^"]+", error="invalid_token"/);
  expect(res.json.code).toBe("invalid_token");
}

describe("bearer authentication of /v1 routes", () => {
  it("answers a request without a token with 401 and a Bearer challenge", async () => {
    const res = await call(providers, "/v1/providers");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="payment-integrations"');
    expect(res.json).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("accepts a valid access token", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const res = await call(providers, "/v1/providers", { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { name: string }) => p.name).sort()).toEqual(
      ["cielo", "getnet", "pagseguro", "rede", "safrapay", "stone"].sort(),
    );
  });

  it("refuses alg none", async () => {
    const { accessToken } = await userWithTokens("admin");
    const header = { ...decodeProtectedHeader(accessToken), alg: "none" };
    await expectInvalidToken(`${b64(header)}.${accessToken.split(".")[1]}.`);
  });

  it("refuses a tampered payload", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const [header, , signature] = accessToken.split(".");
    const claims = { ...decodeJwt(accessToken), role: "admin" };
    await expectInvalidToken(`${header}.${b64(claims)}.${signature}`);
  });

  it("refuses HS256 signed with the public key as the secret (algorithm confusion)", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const publicJwk = JSON.parse(env().auth.signingKeys)[0];
    const secret = new TextEncoder().encode(JSON.stringify({ kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x }));
    const forged = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader({ alg: "HS256", kid: publicJwk.kid, typ: "at+jwt" })
      .sign(secret);
    await expectInvalidToken(forged);
    const forgedWithX = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader({ alg: "HS256", kid: publicJwk.kid, typ: "at+jwt" })
      .sign(Buffer.from(publicJwk.x, "base64url"));
    await expectInvalidToken(forgedWithX);
  });

  it("refuses a token signed by an unknown key, or with an unknown kid", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const { privateKey } = generateKeyPairSync("ed25519");
    const stranger = await importJWK({ ...privateKey.export({ format: "jwk" }), alg: "EdDSA" }, "EdDSA");
    const claims = decodeJwt(accessToken);
    const kid = JSON.parse(env().auth.signingKeys)[0].kid;
    await expectInvalidToken(
      await new SignJWT(claims).setProtectedHeader({ alg: "EdDSA", kid: "not-ours", typ: "at+jwt" }).sign(stranger),
    );
    // Our kid on a stranger's signature.
    await expectInvalidToken(await new SignJWT(claims).setProtectedHeader({ alg: "EdDSA", kid, typ: "at+jwt" }).sign(stranger));
  });

  it("refuses an expired token (clock moved past its 300 s)", async () => {
    const { accessToken } = await userWithTokens("viewer");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 301_000 });
    await expectInvalidToken(accessToken);
  });

  it("refuses a refresh token presented as an access token", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    await expectInvalidToken(refreshToken);
  });

  it("refuses garbage and other schemes", async () => {
    await expectInvalidToken("not-a-jwt");
    const { accessToken } = await userWithTokens("viewer");
    const res = await call(providers, "/v1/providers", { headers: { authorization: `Basic ${accessToken}` } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("invalid_token");
  });

  // RFC 6750 / RFC 9110: the scheme is case-insensitive; a Bearer header without a token of the
  // b64token syntax is a malformed request (it used to be answered 401).
  it("takes the Bearer scheme in any case, and answers a malformed header with 400 invalid_request", async () => {
    const { accessToken } = await userWithTokens("viewer");
    for (const scheme of ["bearer", "BEARER", "BeArEr"]) {
      const res = await call(providers, "/v1/providers", { headers: { authorization: `${scheme} ${accessToken}` } });
      expect(res.status, scheme).toBe(200);
    }
    for (const header of ["Bearer", "Bearer ", `Bearer ${accessToken} extra`, 'Bearer "quoted"', "Bearer a,b"]) {
      const res = await call(providers, "/v1/providers", { headers: { authorization: header } });
      expect(res.status, header).toBe(400);
      expect(res.json.code).toBe("invalid_request");
      expect(res.headers.get("www-authenticate")).toMatch(/error="invalid_request"/);
    }
  });

  it("answers a role without the right with 403 insufficient_scope", async () => {
    const { accessToken } = await userWithTokens("ingest");
    const res = await call(providers, "/v1/providers", { token: accessToken });
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toMatch(/error="insufficient_scope"/);
    expect(res.json.code).toBe("insufficient_scope");
  });
});
