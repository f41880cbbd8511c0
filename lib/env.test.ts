import { describe, expect, it } from "vitest";
import { buildEnv, ConfigurationError } from "@/lib/env";

const server = "postgresql://postgres@127.0.0.1:5432/payments";
const secrets = { AUTH_SIGNING_KEYS: "[]", ENCRYPTION_KEYS: "1:x", NEXTAUTH_SECRET: "x".repeat(40) };

describe("configuration", () => {
  it("stops production on a server database when secrets are missing, naming them", () => {
    expect(() => buildEnv({ NODE_ENV: "production", DATABASE_URL: server })).toThrow(ConfigurationError);
    expect(() => buildEnv({ NODE_ENV: "production", DATABASE_URL: server, NEXTAUTH_SECRET: "x".repeat(40) })).toThrow(
      /AUTH_SIGNING_KEYS, ENCRYPTION_KEYS/,
    );
  });

  it("stops a production build served beyond this machine on the embedded database, saying why", () => {
    const deployed = { NODE_ENV: "production", NEXTAUTH_URL: "https://console.example.com" };
    expect(() => buildEnv(deployed)).toThrow(/for a production build served beyond this machine: AUTH_SIGNING_KEYS/);
    expect(() => buildEnv({ NODE_ENV: "production", DATABASE_URL: server })).toThrow(/for a server database/);
  });

  // Once, with NODE_ENV unset, a server database ran on one machine's generated keys.
  it("requires the secrets whenever the database is a server, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["development", "test", undefined]) {
      expect(() => buildEnv({ NODE_ENV, DATABASE_URL: server })).toThrow(/AUTH_SIGNING_KEYS, ENCRYPTION_KEYS, NEXTAUTH_SECRET/);
    }
    expect(() => buildEnv({ DATABASE_URL: server, ...secrets })).not.toThrow();
  });

  it("requires an https NEXTAUTH_URL in production, and refuses BENCH_ROUTES there", () => {
    const deployed = { NODE_ENV: "production", DATABASE_URL: server, ...secrets };
    expect(() => buildEnv({ ...deployed, NEXTAUTH_URL: "http://console.example.com" })).toThrow(/https/);
    expect(buildEnv({ ...deployed, NEXTAUTH_URL: "https://console.example.com" }).production).toBe(true);
    expect(() => buildEnv({ ...deployed, NEXTAUTH_URL: "https://console.example.com", BENCH_ROUTES: "true" })).toThrow(
      /BENCH_ROUTES/,
    );
    // A production build on this machine's loopback (benchmarks, end-to-end tests) is not a deployment.
    const local = buildEnv({ ...deployed, NEXTAUTH_URL: "http://127.0.0.1:3200", BENCH_ROUTES: "true" });
    expect(local.production).toBe(false);
    expect(local.benchRoutes).toBe(true);
  });

  it("takes the minimal password hashing cost in the test runs only", () => {
    expect(buildEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "minimal" }).passwordHashCost).toBe("minimal");
    expect(buildEnv({}).passwordHashCost).toBe("owasp");
    for (const NODE_ENV of ["development", "production", undefined]) {
      expect(() => buildEnv({ NODE_ENV, PASSWORD_HASH_COST: "minimal" })).toThrow(
        /PASSWORD_HASH_COST=minimal is for the test runs only/,
      );
    }
  });

  it("runs a local production build on the embedded database with generated development secrets", () => {
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

  // Once, ADMIN_USERNAME=lh passed here and crashed start-up later with a ZodError stack.
  it("says each configuration error in one line naming the variable, the admin's rules included", () => {
    const message = (source: Record<string, string>) => {
      try {
        buildEnv(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    const password = "correct horse battery";
    expect(message({ ADMIN_USERNAME: "lh", ADMIN_PASSWORD: password })).toBe(
      "ADMIN_USERNAME must be 3 to 64 lowercase letters, digits, dots, dashes or underscores.",
    );
    expect(message({ ADMIN_USERNAME: "Admin", ADMIN_PASSWORD: password })).toMatch(/^ADMIN_USERNAME must be/);
    expect(message({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "short" })).toBe("ADMIN_PASSWORD must be at least 12 characters.");
    expect(message({ ADMIN_USERNAME: "ops" })).toMatch(/^ADMIN_PASSWORD is not set/);
    expect(message({ PORT: "eighty" })).toMatch(/^PORT: /);
    // Two bad settings: two lines, each naming its variable.
    expect(message({ PORT: "eighty", ADMIN_USERNAME: "lh", ADMIN_PASSWORD: password }).split("\n")).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^ADMIN_USERNAME must be/),
    ]);
    expect(buildEnv({ ADMIN_USERNAME: "ops.lead", ADMIN_PASSWORD: password }).bootstrapAdmin).toEqual({
      username: "ops.lead",
      password,
    });
  });

  it("takes a read replica only beside a server database", () => {
    const replica = "postgresql://reader@replica.internal:5432/payments";
    expect(buildEnv({ DATABASE_URL: server, ...secrets }).databaseReplica).toBeUndefined();
    expect(buildEnv({ DATABASE_URL: server, ...secrets, DATABASE_REPLICA_URL: replica }).databaseReplica).toEqual({
      url: replica,
      connectTimeoutMs: 1000,
      retryAfterMs: 10_000,
    });
    expect(() => buildEnv({ DATABASE_REPLICA_URL: replica })).toThrow(/DATABASE_REPLICA_URL needs a server DATABASE_URL/);
    expect(() => buildEnv({ DATABASE_URL: server, ...secrets, DATABASE_REPLICA_URL: "pglite:./x" })).toThrow(
      /DATABASE_REPLICA_URL/,
    );
  });

  it("has the seed's token lifetimes by default", () => {
    const config = buildEnv({});
    expect(config.auth.accessTtlSeconds).toBe(300);
    expect(config.auth.refreshTtlSeconds).toBe(1800);
    expect(config.port).toBe(3000);
  });

  it("runs no background work on an api instance, whatever the worker switches say", () => {
    expect(buildEnv({}).instanceRole).toBe("both");
    expect([buildEnv({}).workerEnabled, buildEnv({}).webhooks.workerEnabled]).toEqual([true, true]);
    const api = buildEnv({ INSTANCE_ROLE: "api", WORKER_ENABLED: "true", WEBHOOK_WORKER_ENABLED: "true" });
    expect([api.workerEnabled, api.webhooks.workerEnabled]).toEqual([false, false]);
    const worker = buildEnv({ INSTANCE_ROLE: "worker" });
    expect([worker.workerEnabled, worker.webhooks.workerEnabled]).toEqual([true, true]);
    expect(() => buildEnv({ INSTANCE_ROLE: "everything" })).toThrow(/INSTANCE_ROLE/);
  });
});
