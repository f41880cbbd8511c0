// The end of a bench run: each target of the issue it measures, with what was measured and
// PASS or FAIL, so that one command answers "are we there" (the lead's final quiet run). A
// target the run did not measure at its own conditions (another rate, a scenario left out) says
// so instead of passing or failing.
import { loadavg } from "node:os";

export type TargetCheck = { target: string; measured: string; pass: boolean | undefined; note?: string };

const round2 = (n: number) => (!Number.isFinite(n) ? "n/a" : Number.isInteger(n) ? String(n) : n.toFixed(2));

/** measured ≥ bound */
export const atLeast = (target: string, measured: number, bound: number): TargetCheck => ({
  target: `${target} ≥ ${bound}`,
  measured: round2(measured),
  pass: Number.isFinite(measured) ? measured >= bound : undefined,
});

/** measured ≤ bound, in `unit` */
export const atMost = (target: string, measured: number, bound: number, unit = ""): TargetCheck => ({
  target: `${target} ≤ ${bound.toLocaleString("en-US")}${unit}`,
  measured: Number.isFinite(measured) ? `${Math.round(measured * 10) / 10}${unit}` : "n/a",
  pass: Number.isFinite(measured) ? measured <= bound : undefined,
});

/** A count that must be zero (lost, twice). */
export const none = (target: string, count: number): TargetCheck => ({
  target: `${target} = 0`,
  measured: String(count),
  pass: count === 0,
});

/** The machine's load right now, as the report quotes it beside each figure. */
export const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

export function printTargets(title: string, checks: TargetCheck[]): void {
  console.log(`\n${title} (load average now ${loadNow()}):`);
  if (!checks.length) console.log("  (none of its scenarios ran)");
  for (const c of checks) {
    const verdict = c.pass === undefined ? "n/a " : c.pass ? "PASS" : "FAIL";
    console.log(`  ${verdict}  ${c.target}: ${c.measured}${c.note ? `  (${c.note})` : ""}`);
  }
  const failed = checks.filter((c) => c.pass === false).length;
  const open = checks.filter((c) => c.pass === undefined).length;
  console.log(`  ${checks.length - failed - open} passed, ${failed} failed, ${open} not measured at the target's conditions`);
}
