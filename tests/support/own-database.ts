// A test file that must not share the run's database: its own database on the run's PostgreSQL
// server, a copy of the run's migrated template (global-setup.ts) made before the file's tests
// and dropped after them. Call it at the top of the file, before anything opens the database
// (lib/env.ts reads DATABASE_URL on first use). On the in-memory default every file has its own
// PGlite already, so it does nothing there.
// Used where other files' rows would change what a test sees (a property over "every event the
// list returns") or where the test reaches the whole database (the maintenance schedule).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { databaseUrl, queryOnce } from "./query-once";

export function runOnOwnDatabase(prefix: string, options: { beforeClose?: () => Promise<void> } = {}): void {
  const runDatabase = process.env.DATABASE_URL as string;
  const ownDatabase = process.env.TEST_SERVER_DATABASE === "1" ? `${prefix}_${randomBytes(4).toString("hex")}` : undefined;
  const onServer = (statement: string) => queryOnce(runDatabase, statement);
  if (ownDatabase) process.env.DATABASE_URL = databaseUrl(runDatabase, ownDatabase);

  beforeAll(async () => {
    if (!ownDatabase) return;
    await onServer(`CREATE DATABASE ${ownDatabase} TEMPLATE ${process.env.TEST_TEMPLATE_DATABASE}`);
  });

  afterAll(async () => {
    await options.beforeClose?.();
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    if (ownDatabase) await onServer(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`);
  });
}
