// The database connections of the process, opened lazily: `next build` imports route modules
// and must not create the embedded data folder. Cached on globalThis so dev reloads share them.
// db() is the Prisma client for everything that writes or must see its own writes; sql() is for
// the few hot-path reads that need prepared statements and rows passed through untouched.
// readDb() and readSql() serve the reads that may lag a moment behind the primary (event lists,
// detail, exports, the overview): from DATABASE_REPLICA_URL when it is set and answering, else
// from the primary (lib/db/read-replica.ts).
// The pipeline (ingestion, the event worker, deliveries, alerts, maintenance) runs inside
// inPipeline(): there db() and sql() use connections of its own (DATABASE_PIPELINE_POOL_SIZE) on a
// server database, so a burst of API reads that fills the API's pool never delays a notification
// or a delivery. The embedded database has one connection: both share it. The readiness probe
// asks on a connection of its own (primaryAnswers), which nothing else can keep busy.
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaClient } from "@/generated/prisma/client";
import { type DatabaseHandle, openDatabase, type PoolUse, type SqlQuery } from "@/lib/db/adapter";
import { tracedQuery } from "@/lib/db/db-span";
import { type Listener, type ListenHandlers, listen } from "@/lib/db/listen";
import { createReplicaRouter, type ReplicaRouter } from "@/lib/db/read-replica";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

type Connection = { client: PrismaClient; handle: DatabaseHandle };
type Holder = Connection & {
  replica?: Connection & { router: ReplicaRouter };
  /** The pipeline's own connections, opened on first use; the embedded database has none. */
  pipeline?: Connection;
  /** The readiness probe's own connection (a pool of one), opened on first use; none on the embedded database. */
  probe?: Connection;
  listeners: Listener[];
};
const g = globalThis as unknown as { __pic_db?: Holder };

/** A Prisma client over a pool of its own on the database at `url`. */
function connect(url: string, options: Parameters<typeof openDatabase>[1]): Connection {
  const handle = openDatabase(url, options);
  return { client: new PrismaClient({ adapter: handle.adapter }), handle };
}

/** A pool on the primary: the API's and the pipeline's differ only in their size. */
function connectPrimary(poolSize: number): Connection {
  const config = env();
  return connect(config.databaseUrl, {
    poolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
}

function holder(): Holder {
  if (!g.__pic_db) {
    const config = env();
    const holder: Holder = { ...connectPrimary(config.databasePoolSize), listeners: [] };
    const replica = config.databaseReplica;
    if (replica) {
      const connection = connect(replica.url, {
        poolSize: config.databasePoolSize,
        connectTimeoutMs: replica.connectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
        readOnly: true,
      });
      holder.replica = { ...connection, router: createReplicaRouter({ retryAfterMs: replica.retryAfterMs, log: logger }) };
    }
    g.__pic_db = holder;
  }
  return g.__pic_db;
}

const pipelineContext = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) on the pipeline's connections. */
export function inPipeline<T>(work: () => T): T {
  return pipelineContext.run(true, work);
}

/** The connections of the work in progress: the pipeline's inside inPipeline() on a server, else the API's. */
function current(): Connection {
  const h = holder();
  if (!pipelineContext.getStore() || h.handle.embedded) return h;
  h.pipeline ??= connectPrimary(env().databasePipelinePoolSize);
  return h.pipeline;
}

export function db(): PrismaClient {
  return current().client;
}

export const sql: SqlQuery = tracedQuery((query) => current().handle.query(query));

/**
 * Runs a read that may lag behind the primary by the replication delay, on the replica when
 * there is one. `read` may run twice (replica failed, then primary): it must only read.
 */
export function readDb<T>(read: (client: PrismaClient) => Promise<T>): Promise<T> {
  const { client, replica } = holder();
  if (!replica) return read(client);
  return replica.router.read(
    () => read(replica.client),
    () => read(client),
  );
}

/**
 * Answers once the primary answers a SELECT 1 (throws as a query does when it cannot), asked on
 * the probe's own connection on a server database: neither a burst of API reads filling their
 * pool nor pipeline work waiting on a lock can queue in front of it. The embedded database has
 * one connection for everything.
 */
export async function primaryAnswers(): Promise<void> {
  const h = holder();
  if (!h.handle.embedded) h.probe ??= connectPrimary(1);
  await (h.probe ?? h).client.$queryRaw`SELECT 1`;
}

/** sql() for reads that may lag behind the primary: see readDb(). */
export const readSql: SqlQuery = tracedQuery((query) => {
  const { handle, replica } = holder();
  if (!replica) return handle.query(query);
  return replica.router.read(
    () => replica.handle.query(query),
    () => handle.query(query),
  );
});

/**
 * LISTEN on a channel of the primary (lib/db/listen.ts) until closeDb(): a connection of its own
 * on a server, the embedded database's own listen() on PGlite.
 */
export function listenOnPrimary(channel: string, handlers: ListenHandlers): Listener {
  const h = holder();
  const config = env();
  const listener = h.handle.embedded
    ? listen({ embedded: h.handle.embedded }, channel, handlers)
    : listen({ url: config.databaseUrl, connectTimeoutMs: config.databaseConnectTimeoutMs }, channel, handlers);
  h.listeners.push(listener);
  return listener;
}

/** The server pools' use, primary and replica, for /metrics; empty on PGlite or before first use. */
export function poolUses(): { pool: "primary" | "replica" | "pipeline"; use: PoolUse }[] {
  const h = g.__pic_db;
  if (!h) return [];
  const uses: { pool: "primary" | "replica" | "pipeline"; use: PoolUse }[] = [];
  if (h.handle.poolUse) uses.push({ pool: "primary", use: h.handle.poolUse() });
  if (h.replica?.handle.poolUse) uses.push({ pool: "replica", use: h.replica.handle.poolUse() });
  if (h.pipeline?.handle.poolUse) uses.push({ pool: "pipeline", use: h.pipeline.handle.poolUse() });
  return uses;
}

export async function closeDb(): Promise<void> {
  const h = g.__pic_db;
  if (!h) return;
  g.__pic_db = undefined;
  for (const listener of h.listeners) await listener.stop();
  for (const connection of [h, h.replica, h.pipeline, h.probe]) {
    if (!connection) continue;
    await connection.client.$disconnect();
    await connection.handle.close();
  }
}

/** The driver adapter behind db(); tests use it to migrate an in-memory database. */
export function dbAdapter(): DatabaseHandle["adapter"] {
  return holder().handle.adapter;
}
