// Per test file: on the in-memory default, apply the committed migrations to this file's own
// PGlite. On a server database, global-setup.ts migrated a template once for the run, and each
// Vitest worker has its own copy of it (files run in parallel, one at a time per worker: two
// files never share a database at once, as they never did when the run had one worker).
// The database modules are imported only when used: this runs with every test file, and most
// unit tests never open the database (loading the client and the migration engine for them cost
// each such file about a second).
import { afterAll, beforeAll, inject } from "vitest";
import { databaseUrl, queryOnce } from "./query-once";

// Before any module reads the configuration (lib/env.ts reads it lazily, on first use).
Object.assign(process.env, inject("testEnv"));
const workerDatabase = process.env.TEST_SERVER_DATABASE === "1" ? workerDatabaseCopy() : undefined;

beforeAll(async () => {
  if (workerDatabase) return workerDatabase.create();
  const { dbAdapter } = await import("@/lib/db/client");
  const { deployMigrations } = await import("@/lib/db/schema-engine");
  await deployMigrations(dbAdapter() as never);
});

afterAll(async () => {
  // lib/db/client.ts keeps its connections on globalThis: none there, none opened by this file.
  if (!(globalThis as { __pic_db?: unknown }).__pic_db) return;
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
});

/** This worker's copy of the run's template (global-setup.ts), made by the first file the worker runs. */
function workerDatabaseCopy() {
  const runDatabase = process.env.DATABASE_URL as string;
  const name = `${new URL(runDatabase).pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? "1"}`;
  process.env.DATABASE_URL = databaseUrl(runDatabase, name);
  return {
    async create() {
      const exists = await queryOnce(runDatabase, "SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (exists.length === 0)
        await queryOnce(runDatabase, `CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DATABASE}`);
    },
  };
}
