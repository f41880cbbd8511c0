// `DATABASE_URL=... npm run bench:overview`: what GET /v1/stats/overview costs on the database it
// points at (a demo load: `npm run db:demo -- --events 1000000`), for each period, whole and the
// payments part alone (the approval rate and top declines, lib/stats/payment-outcomes.ts), with
// the size of the payments rollup it reads. Folds the pending count deltas first, as the
// maintenance task would. Reads only, besides that fold. docs/benchmarks.md, "The overview".
import { performance } from "node:perf_hooks";
import { closeDb, db } from "@/lib/db/client";
import { compactEventCounts } from "@/lib/stats/compact-event-counts";
import { getEventOverview, PERIODS, type Period } from "@/lib/stats/event-overview";
import { paymentOutcomes } from "@/lib/stats/payment-outcomes";

const RUNS = 15;
const HOUR_MS = 3_600_000;
const CALLER = { userId: "bench", username: "bench", role: "viewer" } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timings(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  while ((await compactEventCounts()) > 0) {}
  const [{ events, rows }] = (await db().$queryRaw<{ events: bigint; rows: bigint }[]>`
    SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM payment_outcome_hourly_counts) AS rows`) as [
    { events: bigint; rows: bigint },
  ];
  console.log(`${events} events; payments rollup: ${rows} rows`);
  const now = new Date();
  for (const period of Object.keys(PERIODS) as Period[]) {
    const whole = await timings(() => getEventOverview({ caller: CALLER, period, now }));
    const to = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
    const from = new Date(to.getTime() - PERIODS[period] * HOUR_MS);
    const payments = await timings(() => paymentOutcomes(db(), from, to));
    console.log(
      `${period}: overview median ${ms(median(whole))}, max ${ms(Math.max(...whole))}; payments alone median ${ms(median(payments))} (${RUNS} runs)`,
    );
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(closeDb);
