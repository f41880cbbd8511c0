// The one Prisma client of the process, opened lazily: `next build` imports route modules and
// must not create the embedded data folder. Cached on globalThis so dev reloads share it.
import { PrismaClient } from "@/generated/prisma/client";
import { type DatabaseHandle, openDatabase } from "@/lib/db/adapter";
import { env } from "@/lib/env";

type Holder = { client: PrismaClient; handle: DatabaseHandle };
const g = globalThis as unknown as { __pic_db?: Holder };

function holder(): Holder {
  if (!g.__pic_db) {
    const { databaseUrl, databasePoolSize } = env();
    const handle = openDatabase(databaseUrl, { poolSize: databasePoolSize });
    g.__pic_db = { client: new PrismaClient({ adapter: handle.adapter }), handle };
  }
  return g.__pic_db;
}

export function db(): PrismaClient {
  return holder().client;
}

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
