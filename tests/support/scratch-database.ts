// A database of one test's own, migrated by running the committed migration files in order (up
// to a chosen one), for tests that need the schema as it was, or that drop month partitions the
// other test files could be using. On the PostgreSQL server of the run (TEST_SERVER_DATABASE)
// it is a database created and dropped here; otherwise an in-memory PGlite.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { databaseUrl } from "./query-once";

export type ScratchDatabase = {
  /** Runs a script (several statements, no parameters). */
  exec: (script: string) => Promise<void>;
  query: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Applies the committed migrations in name order, those before `before` only when given. */
  migrate: (options?: { before?: string; only?: string }) => Promise<string[]>;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = path.resolve("prisma/migrations");

function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export async function scratchDatabase(): Promise<ScratchDatabase> {
  let exec: ScratchDatabase["exec"];
  let query: ScratchDatabase["query"];
  let close: ScratchDatabase["close"];
  if (process.env.TEST_SERVER_DATABASE === "1") {
    const base = process.env.DATABASE_URL as string;
    const name = `pic_scratch_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const client = new pg.Client({ connectionString: databaseUrl(base, name) });
    await client.connect();
    exec = async (script) => void (await client.query(script));
    query = async (text, values = []) => (await client.query(text, values)).rows;
    close = async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const lite = new PGlite();
    exec = async (script) => void (await lite.exec(script));
    query = async <T>(text: string, values: unknown[] = []) => (await lite.query<T>(text, values)).rows;
    close = () => lite.close();
  }
  const migrate: ScratchDatabase["migrate"] = async (options = {}) => {
    const names = migrationNames().filter(
      (n) => (!options.before || n < options.before) && (!options.only || n === options.only),
    );
    for (const name of names) await exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"));
    return names;
  };
  return { exec, query, migrate, close };
}
