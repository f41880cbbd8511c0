// Once per test run: fresh secrets, and a fresh database on the PostgreSQL server when
// TEST_DATABASE_URL (or DATABASE_URL) points at one; otherwise each test file gets its own
// in-memory PGlite (see setup-database.ts). The server databases are dropped at the end.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { FAIR_USE_OFF } from "../../scripts/support/capacity-env";
import { databaseUrl, queryOnce } from "./query-once";

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
    // The files make and sign in hundreds of users: at OWASP's cost (tens of milliseconds a hash)
    // that took seconds in the sign-in files alone. What a guess costs is not tested here.
    PASSWORD_HASH_COST: "minimal",
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
  // The committed migrations applied once, to a template that nobody connects to; the run's
  // database and every file's own database (own-database.ts) are copies of it, which PostgreSQL
  // makes in a fraction of the time the migrations take.
  const name = `pic_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const template = `${name}_template`;
  await queryOnce(base, `CREATE DATABASE ${template}`);
  const { openDatabase } = await import("../../lib/db/adapter");
  const { deployMigrations } = await import("../../lib/db/schema-engine");
  const handle = openDatabase(databaseUrl(base, template), { poolSize: 1, statementTimeoutMs: 0 });
  await deployMigrations(handle.adapter);
  await handle.close();
  // A copy refuses a template with a session on it: none may open one from now on.
  await queryOnce(base, `ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  await queryOnce(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  project.provide("testEnv", {
    ...testEnv,
    DATABASE_URL: databaseUrl(base, name),
    TEST_SERVER_DATABASE: "1",
    TEST_TEMPLATE_DATABASE: template,
  });

  return async () => {
    // The workers' copies (setup-database.ts), then the run's database and the template.
    const copies = await queryOnce<{ datname: string }>(base, "SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${name}\\_w%`,
    ]);
    for (const database of [...copies.map((row) => row.datname), name, template])
      await queryOnce(base, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}
