// The one database connection of the process, opened lazily: `next build` imports route
// modules and must not create the embedded data folder. Cached on globalThis so dev reloads
// share it. db() is the Prisma client for everything; sql() is for the few hot-path reads that
// need prepared statements and rows passed through untouched (the events list).
import { PrismaClient } from "@/generated/prisma/client";
import { type DatabaseHandle, openDatabase, type SqlQuery } from "@/lib/db/adapter";
import { env } from "@/lib/env";

type Holder = { client: PrismaClient; handle: DatabaseHandle };
const g = globalThis as unknown as { __pic_db?: Holder };

function holder(): Holder {
  if (!g.__pic_db) {
    const config = env();
    const handle = openDatabase(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
    g.__pic_db = { client: new PrismaClient({ adapter: handle.adapter }), handle };
  }
  return g.__pic_db;
}

export function db(): PrismaClient {
  return holder().client;
}

export const sql: SqlQuery = (query) => holder().handle.query(query);

export async function closeDb(): Promise<void> {
  const h = g.__pic_db;
  if (!h) return;
  g.__pic_db = undefined;
  await h.client.$disconnect();
  await h.handle.close();
}

/** The driver adapter behind db(); tests use it to migrate an in-memory database. */
export function dbAdapter(): DatabaseHandle["adapter"] {
  return holder().handle.adapter;
}
