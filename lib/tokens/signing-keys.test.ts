import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { parseSigningKeys } from "@/lib/tokens/signing-keys";

const key = (kid: string) => ({ ...generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }), kid, alg: "EdDSA" });

describe("signing key rotation", () => {
  it("keeps tokens of the previous key valid while new tokens use the new key", async () => {
    const oldKey = key("k-old");
    const newKey = key("k-new");
    const before = await parseSigningKeys(JSON.stringify([oldKey]));
    const oldToken = await new SignJWT({ sub: "u1" })
      .setProtectedHeader({ alg: "EdDSA", kid: before.kid })
      .setExpirationTime("5m")
      .sign(before.signingKey);

    // Rotation: the new key first, the old one kept until its tokens have expired.
    const after = await parseSigningKeys(JSON.stringify([newKey, oldKey]));
    expect(after.kid).toBe("k-new");
    expect(after.publicJwks.map((k) => k.kid)).toEqual(["k-new", "k-old"]);
    for (const jwk of after.publicJwks) expect(jwk).not.toHaveProperty("d");
    expect((await jwtVerify(oldToken, after.verifyKey, { algorithms: ["EdDSA"] })).payload.sub).toBe("u1");
    const newToken = await new SignJWT({ sub: "u2" })
      .setProtectedHeader({ alg: "EdDSA", kid: after.kid })
      .setExpirationTime("5m")
      .sign(after.signingKey);
    expect(decodeProtectedHeader(newToken).kid).toBe("k-new");

    // Once the old key is dropped, its tokens no longer verify.
    const later = await parseSigningKeys(JSON.stringify([newKey]));
    await expect(jwtVerify(oldToken, later.verifyKey, { algorithms: ["EdDSA"] })).rejects.toThrow();
  });

  it("refuses keys that are not private Ed25519 JWKs with a kid", async () => {
    await expect(parseSigningKeys("not json")).rejects.toThrow(/AUTH_SIGNING_KEYS/);
    await expect(parseSigningKeys("[]")).rejects.toThrow(/no key/);
    const { d: _private, ...publicOnly } = key("pub");
    await expect(parseSigningKeys(JSON.stringify([publicOnly]))).rejects.toThrow(/private Ed25519/);
  });
});
