// Loads demo data into the configured database (server or embedded): merchants, credentials,
// and any number of events with their worker attempts. Used by `npm run db:demo` and by
// start-up on an empty embedded database. Assumes the migrations ran.
import "server-only";
import { db } from "@/lib/db/client";
import { generateDemoNetwork } from "@/lib/demo/demo-network";
import { timedXidFactory } from "@/lib/demo/demo-xid";
import { generateDemoEvents } from "@/lib/demo/generate-events";
import { insertDemoNetwork, providerIdsByName } from "@/lib/demo/insert-demo-network";
import { insertEventBatch } from "@/lib/demo/insert-event-batch";
import { env } from "@/lib/env";
import { ACQUIRER_NAMES } from "@/lib/events/data-schema";

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

  // A server takes several batches at once (one connection each); PGlite has one connection.
  const inFlightLimit = env().serverDatabase ? 3 : 1;
  const inFlight = new Set<Promise<void>>();
  const counts = { processed: 0, failed: 0, pending: 0 };
  let done = 0;
  let failure: unknown;

  for (const batch of generateDemoEvents(network, { seed, count: total, now, idAt, batchSize: options.batchSize })) {
    for (const event of batch) counts[event.status]++;
    const insert: Promise<void> = insertEventBatch(batch).then(
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
