import { describe, expect, it } from "vitest";
import { buildEnv, ConfigurationError } from "@/lib/env";

const server = "postgresql://postgres@127.0.0.1:5432/payments";

describe("configuration", () => {
  it("stops production on a server database when secrets are missing, naming them", () => {
    expect(() => buildEnv({ NODE_ENV: "production", DATABASE_URL: server })).toThrow(ConfigurationError);
    expect(() => buildEnv({ NODE_ENV: "production", DATABASE_URL: server, NEXTAUTH_SECRET: "x".repeat(40) })).toThrow(
      /AUTH_SIGNING_KEYS, ENCRYPTION_KEYS/,
    );
  });

  it("runs production on the embedded database with generated development secrets", () => {
    const config = buildEnv({ NODE_ENV: "production" });
    expect(config.serverDatabase).toBe(false);
    expect(config.databaseUrl).toBe("pglite:./.data/pglite");
    expect(JSON.parse(config.auth.signingKeys)[0]).toMatchObject({ kty: "OKP", crv: "Ed25519" });
  });

  it("refuses malformed settings with the variable's name", () => {
    expect(() => buildEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => buildEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => buildEnv({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });

  it("has the seed's token lifetimes by default", () => {
    const config = buildEnv({});
    expect(config.auth.accessTtlSeconds).toBe(300);
    expect(config.auth.refreshTtlSeconds).toBe(1800);
    expect(config.port).toBe(3000);
  });
});
