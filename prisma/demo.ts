// `npm run db:demo -- --events 1000000 [--merchants 200] [--seed 42]`: loads demo merchants,
// credentials and events into the configured database (DATABASE_URL; unset: the embedded
// PGlite in .data/pglite, which no server may have open meanwhile).
import { parseArgs } from "node:util";
import { closeDb } from "@/lib/db/client";
import { defaultMerchantCount, loadDemoData } from "@/lib/demo/load-demo-data";
import { env } from "@/lib/env";

const USAGE = `usage: npm run db:demo -- --events <n> [--merchants <n>] [--seed <n>]

Loads realistic Brazilian demo data: merchants, their POS terminals' credentials, and <n>
payment.completed events over the last 30 days, into the database of DATABASE_URL
(unset: the embedded database in .data/pglite; stop the server first).
Run \`npm run db:migrate\` first. --merchants defaults to one per 100 events (10 to 200);
--seed makes the data reproducible (a random one is used and printed otherwise).`;

class UsageError extends Error {}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be a whole number, at least ${min}`);
  return Number(value);
}

function parseOptions() {
  let values: { events?: string; merchants?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        events: { type: "string" },
        merchants: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const events = wholeNumber("events", values.events, 0);
  if (events === undefined) throw new UsageError("--events is required");
  return { events, merchants: wholeNumber("merchants", values.merchants, 1), seed: wholeNumber("seed", values.seed, 0) };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const { serverDatabase, databaseUrl } = env();
  const target = serverDatabase ? "PostgreSQL server" : `embedded database (${databaseUrl.replace(/^pglite:/, "")})`;
  console.log(
    `Loading ${options.events} events for ${options.merchants ?? defaultMerchantCount(options.events)} merchants into the ${target}...`,
  );
  const started = Date.now();
  const summary = await loadDemoData({
    ...options,
    onProgress: (done, total) => {
      const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
      console.log(`events ${done}/${total} (${rate}/s)`);
    },
    onLog: (line) => console.log(line),
  });
  const seconds = summary.elapsedMs / 1000;
  const { events } = summary;
  console.log(
    [
      `Done in ${seconds.toFixed(1)} s (seed ${summary.seed}):`,
      `  merchants   ${summary.merchants} (${summary.terminals} terminals)`,
      `  credentials ${summary.credentials}`,
      `  events      ${events.total}: ${events.processed} processed, ${events.failed} failed, ${events.pending} pending` +
        ` (${Math.round(events.total / Math.max(seconds, 0.001))}/s)`,
      `  attempts    ${summary.attempts}`,
    ].join("\n"),
  );
}

main()
  .catch((e: unknown) => {
    if (e instanceof UsageError) console.error(`${e.message}\n\n${USAGE}`);
    else console.error(e instanceof Error ? e.message : e);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  })
  // The pg pool keeps the event loop alive until its idle timeout; PGlite must be closed to flush.
  .finally(async () => {
    await closeDb().catch(() => {});
    process.exit(process.exitCode ?? 0);
  });
