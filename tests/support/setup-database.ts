// Per test file: on the in-memory default, apply the committed migrations to this file's own
// PGlite. On a server database, global-setup.ts migrated it once for the run.
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, dbAdapter } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/schema-engine";

// Before any module reads the configuration (lib/env.ts reads it lazily, on first use).
Object.assign(process.env, inject("testEnv"));

beforeAll(async () => {
  if (process.env.TEST_SERVER_DATABASE !== "1") await deployMigrations(dbAdapter() as never);
});

afterAll(async () => {
  await closeDb();
});
