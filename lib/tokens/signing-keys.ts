// Token signing keys: Ed25519 JWKs from configuration. The first key signs; every key verifies
// and is published at /.well-known/jwks.json, so a rotated-out key keeps its tokens valid
// until they expire.
import { type CryptoKey, createLocalJWKSet, importJWK, type JWK, type JWTVerifyGetKey } from "jose";
import { ConfigurationError, env } from "@/lib/env";

export type SigningKeys = { kid: string; signingKey: CryptoKey; publicJwks: JWK[]; verifyKey: JWTVerifyGetKey };

let loaded: Promise<SigningKeys> | undefined;

/** Parses AUTH_SIGNING_KEYS: the first key signs, every key verifies and is published. */
export async function parseSigningKeys(json: string): Promise<SigningKeys> {
  let jwks: JWK[];
  try {
    jwks = JSON.parse(json) as JWK[];
  } catch {
    throw new ConfigurationError("AUTH_SIGNING_KEYS is not a JSON array of JWKs.");
  }
  if (!Array.isArray(jwks) || jwks.length === 0) throw new ConfigurationError("AUTH_SIGNING_KEYS holds no key.");
  for (const jwk of jwks) {
    if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.d || !jwk.x || !jwk.kid) {
      throw new ConfigurationError("Each AUTH_SIGNING_KEYS entry must be a private Ed25519 JWK with a kid.");
    }
  }
  const active = jwks[0]!;
  const publicJwks = jwks.map(({ kty, crv, x, kid }) => ({ kty, crv, x, kid, alg: "EdDSA", use: "sig" }));
  return {
    kid: active.kid!,
    signingKey: (await importJWK({ ...active, alg: "EdDSA" }, "EdDSA")) as CryptoKey,
    publicJwks,
    verifyKey: createLocalJWKSet({ keys: publicJwks }),
  };
}

export function signingKeys(): Promise<SigningKeys> {
  loaded ??= parseSigningKeys(env().auth.signingKeys).catch((e: unknown) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}
