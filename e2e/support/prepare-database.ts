// Run before the first e2e web server starts (playwright.config.ts), and by the fuzzer's scratch
// server (tests/support/scratch-server.ts), under tsx --conditions=react-server: creates the
// database, applies the migrations and seeds the test users. An advisory lock on the admin
// database serializes concurrent runs, and every step is idempotent, so a second run finds the
// work done.
import { mkdirSync } from "node:fs";
import pg from "pg";
import { USERS } from "./users";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through playwright.config.ts)`);
  return value;
}

async function prepare(databaseUrl: string): Promise<void> {
  const { openDatabase } = await import("@/lib/db/adapter");
  const { deployMigrations } = await import("@/lib/db/schema-engine");
  const { closeDb, db } = await import("@/lib/db/client");
  const { createUser, setUserDisabled } = await import("@/lib/users/system-accounts");

  const handle = openDatabase(databaseUrl, { poolSize: 1, statementTimeoutMs: 0 });
  try {
    const applied = await deployMigrations(handle.adapter);
    if (applied.length > 0) console.log(`e2e: applied ${applied.length} migrations`);
  } finally {
    await handle.close();
  }
  for (const user of Object.values(USERS)) {
    if (await db().user.findUnique({ where: { username: user.username } })) continue;
    await createUser(user);
    if ("disabled" in user && user.disabled) await setUserDisabled({ username: user.username, disabled: true });
  }
  await closeDb();
}

async function main(): Promise<void> {
  mkdirSync("test-results", { recursive: true });
  const databaseUrl = required("DATABASE_URL");
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^pic_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to prepare a database not made for e2e: ${name}`);

  const admin = new pg.Client({ connectionString: required("E2E_ADMIN_DATABASE_URL") });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [`pic-e2e-prepare:${name}`]);
    const existing = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`);
      console.log(`e2e: created database ${name}`);
    }
    await prepare(databaseUrl);
  } finally {
    await admin.end();
  }
}

main()
  .catch((error: unknown) => {
    console.error("e2e: preparing the database failed:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  // The migration engine's pool keeps the event loop alive until its idle timeout.
  .finally(() => process.exit(process.exitCode ?? 0));
