// When the demo events happen: the last 30 days up to now, in time order, with the rhythm of
// card sales in Brazil (quiet nights, peaks at lunch and after work, busier Fridays and
// Saturdays, a slow growth). Counts are dealt to hours in proportion, then spread inside each hour.
import { DAY_MS, EVENT_WINDOW_DAYS } from "@/lib/demo/demo-model";
import type { SeededRandom } from "@/lib/demo/seeded-random";

const HOUR_MS = 3_600_000;
/** Brasília time, UTC-3 all year since 2019. */
const BRT_OFFSET_MS = -3 * HOUR_MS;

// Relative sales by local hour (0h..23h) and by weekday (Sunday first).
const BY_HOUR = [
  0.15, 0.08, 0.05, 0.04, 0.04, 0.08, 0.25, 0.55, 0.85, 1.0, 1.15, 1.35, 1.5, 1.3, 1.1, 1.1, 1.15, 1.3, 1.45, 1.35, 1.05, 0.75,
  0.45, 0.25,
];
const BY_WEEKDAY = [0.7, 0.9, 0.95, 1.0, 1.05, 1.2, 1.15];

function hourWeights(random: SeededRandom, start: number, hours: number): number[] {
  const weights: number[] = [];
  for (let h = 0; h < hours; h++) {
    const local = new Date(start + h * HOUR_MS + HOUR_MS / 2 + BRT_OFFSET_MS);
    const growth = 1 + 0.15 * (h / hours);
    weights.push(BY_HOUR[local.getUTCHours()]! * BY_WEEKDAY[local.getUTCDay()]! * growth * random.logNormal(1, 0.08));
  }
  return weights;
}

/** `count` instants (ms since the epoch) in ascending order, the last at most `now`. */
export function* eventTimeline(random: SeededRandom, options: { count: number; now: number }): Generator<number> {
  const hours = EVENT_WINDOW_DAYS * 24;
  const start = options.now - EVENT_WINDOW_DAYS * DAY_MS;
  const weights = hourWeights(random, start, hours);
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let dealt = 0;
  for (let h = 0; h < hours; h++) {
    cumulative += weights[h]!;
    // Rounding the running total keeps the sum exact: no hour loses or gains an event overall.
    const upTo = h === hours - 1 ? options.count : Math.round((cumulative / total) * options.count);
    const inHour = upTo - dealt;
    dealt = upTo;
    const offsets: number[] = [];
    for (let i = 0; i < inHour; i++) offsets.push(Math.floor(random.next() * HOUR_MS));
    offsets.sort((a, b) => a - b);
    for (const offset of offsets) yield Math.min(start + h * HOUR_MS + offset, options.now);
  }
}
