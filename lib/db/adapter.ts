// Turns a database URL into a Prisma driver adapter plus a direct query function: a pooled
// `pg` connection for a PostgreSQL server, or an in-process PGlite (one connection, one
// process) for the embedded default. Prisma and the hot path share the one pool.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { lockEmbeddedFolder } from "@/lib/db/embedded-lock";

/** A query by name runs as a prepared statement where the driver supports it (server pools). */
export type SqlQuery = (sql: { name?: string; text: string; values: unknown[] }) => Promise<Record<string, unknown>[]>;

export type DatabaseHandle = {
  adapter: PrismaPg | PrismaPGlite;
  query: SqlQuery;
  embedded: PGlite | undefined;
  close: () => Promise<void>;
  /** The server pool's connections (for /metrics); none on PGlite, which has one in-process connection. */
  poolUse?: () => PoolUse;
};

export type PoolUse = { total: number; idle: number; waiting: number };

export function isServerUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

type OpenOptions = { poolSize?: number; connectTimeoutMs?: number; statementTimeoutMs?: number; readOnly?: boolean };

/** statementTimeoutMs: 10 s by default for serving; 0 (none) for migrations and bulk loads. */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (isServerUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      ...(options.statementTimeoutMs === 0 ? {} : { statement_timeout: options.statementTimeoutMs ?? 10_000 }),
      // A reader pool pointed at the primary by mistake still cannot write through it.
      ...(options.readOnly ? { options: "-c default_transaction_read_only=on" } : {}),
    });
    // An idle client whose server went away must surface as errors on queries, never crash.
    pool.on("error", () => {});
    return {
      adapter: new PrismaPg(pool),
      query: async (sql) => (await pool.query(sql)).rows,
      embedded: undefined,
      close: () => pool.end(),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = url.startsWith("memory://") ? "memory://" : url.replace(/^pglite:/, "");
  let release = () => {};
  if (dataDir !== "memory://") {
    // PGlite does not create parent folders (its only error is "External error id#0").
    fs.mkdirSync(path.resolve(dataDir), { recursive: true });
    release = lockEmbeddedFolder(path.resolve(dataDir));
  }
  const embedded = new PGlite(dataDir);
  return {
    adapter: new PrismaPGlite(embedded),
    query: async (sql) => (await embedded.query<Record<string, unknown>>(sql.text, sql.values)).rows,
    embedded,
    close: async () => {
      await embedded.close();
      release();
    },
  };
}
