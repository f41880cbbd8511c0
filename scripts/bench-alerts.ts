// `DATABASE_URL=... npm run bench:alerts`: what one evaluation of the alert rules costs on the
// database it points at (a demo load: `npm run db:demo -- --events 1000000`). Times the first
// evaluation (it learns 24 hours of the silence rule's history), the rest of the history rolled,
// (`-- --at <instant>`: evaluated at that instant instead of the last event's),
// then each rule alone and whole evaluations, the median of several. Writes alerts and the
// rollup into that database: run it on a copy, never on production. docs/operations.md, "Alerts".
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { ALERT_RULES, evaluateAlerts } from "@/lib/alerts/evaluate-alerts";
import { rollSubjectHours } from "@/lib/alerts/roll-subject-hours";
import { closeDb, db } from "@/lib/db/client";
import { env } from "@/lib/env";

const RUNS = 7;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const { values } = parseArgs({ options: { at: { type: "string" } } });
  const [{ max }] = (await db().$queryRaw<{ max: Date }[]>`SELECT max(created_at) AS max FROM events`) as [{ max: Date }];
  // --at: another instant of the history (a busy hour); the rules ignore the events after it.
  const now = values.at ? new Date(values.at) : new Date(max);
  const days = env().alerts.silence.historyDays;
  console.log(`clock: ${values.at ? "--at" : "the last event"}, ${now.toISOString()}`);
  const [first, firstResult] = await timed(() => evaluateAlerts(now));
  console.log(`first evaluation (rolls 24 hours): ${ms(first)}, opened ${firstResult.opened.length}`);
  // The rest of the history, 24 hours a call as the evaluations would roll it.
  const rolls: number[] = [];
  for (let hours = 24; hours < days * 24; hours += 24) rolls.push((await timed(() => rollSubjectHours(now, days)))[0]);
  console.log(`the rest of ${days} days rolled, 24 hours a call: median ${ms(median(rolls))}, max ${ms(Math.max(...rolls))}`);
  const [{ n }] = (await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM subject_hourly_counts`) as [{ n: bigint }];
  console.log(`rollup rows: ${n}`);
  for (const rule of ALERT_RULES) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const [time, findings] = await timed(() => rule.find(now, []));
      times.push(time);
      found = findings.length;
    }
    console.log(`${rule.kinds.join(", ")}: median ${ms(median(times))} of ${RUNS}, ${found} findings`);
  }
  const whole: number[] = [];
  for (let i = 0; i < RUNS; i++) whole.push((await timed(() => evaluateAlerts(now)))[0]);
  const [{ open }] = (await db().$queryRaw<
    { open: bigint }[]
  >`SELECT count(*) AS open FROM alerts WHERE resolved_at IS NULL`) as [{ open: bigint }];
  console.log(`whole evaluation: median ${ms(median(whole))} of ${RUNS} (${open} alerts open)`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(closeDb);
