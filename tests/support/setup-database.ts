// Per test file: on the in-memory default, apply the committed migrations to this file's own
// PGlite. On a server database, global-setup.ts migrated it once for the run.
// The database modules are imported only when used: this runs with every test file, and most
// unit tests never open the database (loading the client and the migration engine for them cost
// each such file about a second).
import { afterAll, beforeAll, inject } from "vitest";

// Before any module reads the configuration (lib/env.ts reads it lazily, on first use).
Object.assign(process.env, inject("testEnv"));

beforeAll(async () => {
  if (process.env.TEST_SERVER_DATABASE === "1") return;
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
