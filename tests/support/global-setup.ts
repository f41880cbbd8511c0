// Once per test run: fresh secrets, and a fresh database on the PostgreSQL server when
// TEST_DATABASE_URL (or DATABASE_URL) points at one; otherwise each test file gets its own
// in-memory PGlite (see setup-database.ts). The server database is dropped at the end.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { FAIR_USE_OFF } from "../../scripts/support/capacity-env";

function serverUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export default async function setup(project: TestProject) {
  const { privateKey } = generateKeyPairSync("ed25519");
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "test-key-1", alg: "EdDSA" };
  const testEnv: Record<string, string> = {
    NODE_ENV: "test",
    // info, so that the log guard sees every request line.
    LOG_LEVEL: "info",
    AUTH_SIGNING_KEYS: JSON.stringify([signingKey]),
    // Two keys, as after a rotation: version 2 encrypts, version 1 still decrypts.
    ENCRYPTION_KEYS: `2:${randomBytes(32).toString("base64")},1:${randomBytes(32).toString("base64")}`,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    LOGIN_LIMIT_PER_ADDRESS: "30",
    WORKER_ENABLED: "false",
    // The tests call as a few accounts, many at once: fair use would answer them 429. Its own
    // tests set their limits (tests/integration/fair-use.test.ts).
    ...FAIR_USE_OFF,
  };

  const base = serverUrl();
  if (!base) {
    project.provide("testEnv", { ...testEnv, DATABASE_URL: "memory://" });
    return;
  }
  const name = `pic_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;

  const { openDatabase } = await import("../../lib/db/adapter");
  const { deployMigrations } = await import("../../lib/db/schema-engine");
  const handle = openDatabase(url.toString(), { poolSize: 1, statementTimeoutMs: 0 });
  await deployMigrations(handle.adapter);
  await handle.close();
  project.provide("testEnv", { ...testEnv, DATABASE_URL: url.toString(), TEST_SERVER_DATABASE: "1" });

  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}
