// Loads demo data into the configured database (server or embedded): merchants, credentials,
// and any number of events with their worker attempts. Used by `npm run db:demo` and by
// start-up on an empty embedded database. Assumes the migrations ran.
import "server-only";
import pg from "pg";
import { db } from "@/lib/db/client";
import { copyEventBatch } from "@/lib/demo/copy-event-batch";
import { DAY_MS, EVENT_WINDOW_DAYS } from "@/lib/demo/demo-model";
import { generateDemoNetwork } from "@/lib/demo/demo-network";
import { timedXidFactory } from "@/lib/demo/demo-xid";
import { type DemoEvent, generateDemoEvents } from "@/lib/demo/generate-events";
import { insertDemoNetwork, providerIdsByName } from "@/lib/demo/insert-demo-network";
import { insertEventBatch } from "@/lib/demo/insert-event-batch";
import { eventsTableIsEmpty, withoutSecondaryIndexes } from "@/lib/demo/secondary-indexes";
import { env } from "@/lib/env";
import { ACQUIRER_NAMES } from "@/lib/events/data-schema";
import { ensureEventMonthsBetween } from "@/lib/events/retention/partitions";

export type LoadDemoDataOptions = {
  events: number;
  /** Default: one per 100 events, between 10 and 200. */
  merchants?: number;
  /** Same seed, same data (ids aside). Default: a random one, reported in the summary. */
  seed?: number;
  /** The end of the 30 days the events span. Default: now. */
  now?: Date;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** Lines about the load's phases (indexes dropped and rebuilt). */
  onLog?: (line: string) => void;
  /** How events reach the database: COPY (a server's default) or INSERT (the embedded one's). */
  via?: "copy" | "insert";
};

export type DemoLoadSummary = {
  seed: number;
  merchants: number;
  terminals: number;
  credentials: number;
  events: { total: number; processed: number; failed: number; pending: number };
  attempts: number;
  elapsedMs: number;
};

/** From this many events into an empty table, indexes are built after the load instead of during it. */
const BUILD_INDEXES_AFTER = 200_000;

/**
 * Refreshes the statistics of `events` each time the table doubles during a load (at 5,000
 * rows, then 10,000, 20,000...): log2(n) ANALYZEs in all. Why: every attempt and dedup key row
 * is checked against `events` by its foreign key, and each connection caches that check's plan.
 * Planned while the month partitions were empty (or ANALYZEd empty by a migration), the plan
 * scans them, and a load slowed down as the table grew: 7 ms a row after 150,000 events, about
 * 900 events/s over 100,000 from an empty table. ANALYZE invalidates the cached plans, so the
 * next check is planned for the table as it now is. Autovacuum would do this on a server that
 * runs it; this machine's server and the embedded database do not.
 */
export function statisticsThatKeepUp(analyze: () => Promise<unknown>, rowsBefore: number) {
  let nextAt = Math.max(5_000, 2 * rowsBefore);
  return async (loaded: number) => {
    if (rowsBefore + loaded < nextAt) return;
    while (nextAt <= rowsBefore + loaded) nextAt *= 2;
    await analyze();
  };
}

/** The rows of `events` as its statistics last counted them (0 where never counted). */
async function countedEvents(): Promise<number> {
  const [row] = await db().$queryRaw<{ rows: number }[]>`
    SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 AS rows
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass`;
  return row?.rows ?? 0;
}

export function defaultMerchantCount(events: number): number {
  return Math.min(200, Math.max(10, Math.ceil(events / 100)));
}

/** Whether the database holds any merchant: start-up loads demo data only into an empty one. */
export async function hasAnyMerchant(): Promise<boolean> {
  return (await db().merchant.findFirst({ select: { id: true } })) !== null;
}

async function requireProviders(): Promise<Map<string, string>> {
  const ids = await providerIdsByName();
  const missing = ACQUIRER_NAMES.filter((name) => !ids.has(name));
  if (missing.length > 0) {
    throw new Error(`Providers ${missing.join(", ")} are missing: run \`npm run db:migrate\` first.`);
  }
  return ids;
}

/** The same seed twice into one database would collide on tax ids, MIDs and RRNs: say so up front. */
async function refuseReloadedSeed(taxIds: string[], seed: number): Promise<void> {
  const clash = await db().merchant.findFirst({ where: { taxId: { in: taxIds } }, select: { taxId: true } });
  if (clash) {
    throw new Error(`This database already holds demo data of seed ${seed} (tax id ${clash.taxId}): choose another seed.`);
  }
}

export async function loadDemoData(options: LoadDemoDataOptions): Promise<DemoLoadSummary> {
  if (!Number.isInteger(options.events) || options.events < 0) throw new RangeError("events must be a whole number, 0 or more");
  if (options.merchants !== undefined && (!Number.isInteger(options.merchants) || options.merchants < 1)) {
    throw new RangeError("merchants must be a whole number, 1 or more");
  }
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const now = (options.now ?? new Date()).getTime();
  const idAt = timedXidFactory();
  const total = options.events;

  const providerIds = await requireProviders();
  const network = generateDemoNetwork({ seed, merchants: options.merchants ?? defaultMerchantCount(total), now, idAt });
  await refuseReloadedSeed(
    network.merchants.map((m) => m.taxId),
    seed,
  );
  await insertDemoNetwork(network, providerIds);
  // The months the events fall in: there is no DEFAULT partition, a row needs its month.
  await ensureEventMonthsBetween(new Date(now - EVENT_WINDOW_DAYS * DAY_MS), new Date(now));

  // A server takes several batches at once (one connection each); PGlite has one connection.
  const inFlightLimit = env().serverDatabase ? 3 : 1;
  const via = options.via ?? (env().serverDatabase ? "copy" : "insert");
  if (via === "copy" && !env().serverDatabase) throw new Error("COPY needs a PostgreSQL server (DATABASE_URL).");
  const pool = via === "copy" ? new pg.Pool({ connectionString: env().databaseUrl, max: inFlightLimit }) : undefined;
  const writeBatch = async (batch: DemoEvent[]) => {
    if (!pool) return insertEventBatch(batch);
    const client = await pool.connect();
    try {
      await copyEventBatch(client, batch);
    } finally {
      client.release();
    }
  };
  const refreshStatistics = statisticsThatKeepUp(
    () => (pool ? pool.query("ANALYZE events") : db().$executeRawUnsafe("ANALYZE events")),
    await countedEvents(),
  );
  const inFlight = new Set<Promise<void>>();
  const counts = { processed: 0, failed: 0, pending: 0 };
  let done = 0;
  let failure: unknown;

  const loadEvents = async () => {
    for (const batch of generateDemoEvents(network, { seed, count: total, now, idAt, batchSize: options.batchSize })) {
      for (const event of batch) counts[event.status]++;
      const insert: Promise<void> = writeBatch(batch)
        .then(() => refreshStatistics(done + batch.length))
        .then(
          () => {
            inFlight.delete(insert);
            done += batch.length;
            options.onProgress?.(done, total);
          },
          (error: unknown) => {
            inFlight.delete(insert);
            failure ??= error;
          },
        );
      inFlight.add(insert);
      if (inFlight.size >= inFlightLimit) await Promise.race(inFlight);
      if (failure) break;
    }
    await Promise.all(inFlight);
  };
  try {
    // A large load into an empty table builds its secondary indexes once, at the end.
    if (pool && total >= BUILD_INDEXES_AFTER && (await eventsTableIsEmpty(pool)))
      await withoutSecondaryIndexes(pool, loadEvents, options.onLog ?? (() => {}));
    else await loadEvents();
  } finally {
    await pool?.end();
  }
  if (failure) throw failure;

  return {
    seed,
    merchants: network.merchants.length,
    terminals: network.terminals.length,
    credentials: network.credentials.length,
    events: { total, ...counts },
    attempts: counts.processed + counts.failed,
    elapsedMs: Date.now() - started,
  };
}
