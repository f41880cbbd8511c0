// A per-account request rate shared by every instance, without a database write per request: the
// high-volume limits of fair use (reads, notifications) would otherwise add a statement to each
// read and serialise one account's requests on its bucket row. Each instance counts locally and
// adds its counts to rate_limit_buckets every FLUSH_MS in one statement, learning there what all
// instances together have counted. Windows are fixed minutes aligned to the clock, so instances
// share each window's row (its key names the minute). Between two flushes an instance admits on
// what it knows: the overshoot is at most what the other instances admitted in FLUSH_MS, which
// is why the exact per-request count (lib/http/rate-limit.ts) stays for the low limits where one
// request matters (writes, exports, tokens). A request may count more than one (its cost: a read
// counts the rows it asks for, lib/http/fair-use.ts).
import { db } from "@/lib/db/client";
import { tooManyRequests } from "@/lib/errors";
import { policyName, type ServiceLimit, setRateLimitFields } from "@/lib/http/rate-limit-fields";
import { logger } from "@/lib/log";

const WINDOW_MS = 60_000;
const FLUSH_MS = 200;

/** known: the shared total last read; sending: counts on their way to it (a flush in progress); pending: not sent yet. */
type Bucket = { windowEnd: number; known: number; sending: number; pending: number };

// Kept on globalThis so that a dev server's reloaded module keeps counting where it was.
const g = globalThis as unknown as {
  __pic_shared_rates?: Map<string, Bucket>;
  __pic_second_rates?: Map<string, { second: number; count: number }>;
};
g.__pic_shared_rates ??= new Map();
g.__pic_second_rates ??= new Map();
const buckets = g.__pic_shared_rates;
const seconds = g.__pic_second_rates;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/**
 * A minute's limit is also spread over its seconds, on each instance: at most a thirtieth of it
 * (twice the even share, at least PER_SECOND_FLOOR) in any one second, so a burst cannot spend
 * the whole minute's allowance in its first seconds and take every core meanwhile.
 */
const PER_SECOND_FLOOR = 10;

/** Whether `used` of a window's `limit` leaves room for `cost`: a request costing more than the whole limit still passes alone. */
const fits = (used: number, cost: number, limit: number) => used === 0 || used + cost <= limit;

function admitThisSecond(name: string, key: string, limit: number, now: number, cost: number): ServiceLimit {
  const cap = Math.max(PER_SECOND_FLOOR, Math.ceil(limit / 30));
  const second = Math.floor(now / 1000);
  const state = (used: number): ServiceLimit => ({
    policy: `${policyName(name)}-per-second`,
    quota: cap,
    windowSeconds: 1,
    remaining: cap - used,
    resetSeconds: 1,
  });
  let entry = seconds.get(key);
  if (!entry || entry.second !== second) {
    if (seconds.size > 10_000) for (const [k, e] of seconds) if (e.second < second) seconds.delete(k);
    entry = { second, count: 0 };
    seconds.set(key, entry);
  }
  if (!fits(entry.count, cost, cap)) {
    const refusal = tooManyRequests(
      "rate_limited",
      `Too many requests: at most ${limit} per minute for this account, and ${cap} in any one second. Retry after Retry-After seconds.`,
      1,
    );
    setRateLimitFields(refusal.headers, [state(cap)]);
    throw refusal;
  }
  entry.count += cost;
  return state(entry.count);
}

/**
 * Counts a request of `subject` under `name`, as `cost` units (1 for most); refuses it (429 with
 * Retry-After and the RateLimit fields) once the window holds `limit`. Answers the state of the
 * minute's and the second's quota after counting it, for the RateLimit fields.
 */
export function admitRate(name: string, subject: string, limit: number, now = Date.now(), cost = 1): ServiceLimit[] {
  const second = admitThisSecond(name, `${name}:${subject}`, limit, now, cost);
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const key = `rate:${name}:${subject}:${windowStart / 1000}`;
  const bucket = buckets.get(key) ?? { windowEnd: windowStart + WINDOW_MS, known: 0, sending: 0, pending: 0 };
  buckets.set(key, bucket);
  const minute = (used: number): ServiceLimit => ({
    policy: policyName(name),
    quota: limit,
    windowSeconds: WINDOW_MS / 1000,
    remaining: limit - used,
    resetSeconds: (bucket.windowEnd - now) / 1000,
  });
  // Counts being flushed are still counted: else a flush would open a gap the size of what it sends.
  const used = bucket.known + bucket.sending + bucket.pending;
  if (used >= limit || !fits(used, cost, limit)) {
    const refusal = tooManyRequests(
      "rate_limited",
      `Too many requests: at most ${limit} per minute for this account. Retry after Retry-After seconds.`,
      (bucket.windowEnd - now) / 1000,
    );
    setRateLimitFields(refusal.headers, [minute(limit)]);
    throw refusal;
  }
  bucket.pending += cost;
  timer ??= setTimeout(() => void flushRateCounts(), FLUSH_MS).unref();
  return [minute(used + cost), second];
}

/** Adds this instance's pending counts to the shared buckets and reads their totals (tests await it). */
export async function flushRateCounts(): Promise<void> {
  if (flushing) await flushing;
  clearTimeout(timer);
  timer = undefined;
  const now = Date.now();
  const due = [...buckets].filter(([, bucket]) => bucket.pending > 0);
  for (const [key, bucket] of buckets) if (bucket.windowEnd <= now && bucket.pending === 0) buckets.delete(key);
  if (due.length === 0) return;
  const counts = due.map(([, bucket]) => bucket.pending);
  for (const [, bucket] of due) {
    bucket.sending = bucket.pending;
    bucket.pending = 0;
  }
  flushing = (async () => {
    try {
      const rows = await db().$queryRaw<{ key: string; count: number }[]>`
        INSERT INTO rate_limit_buckets AS b (key, count, window_start, expires_at)
        SELECT k, c, to_timestamp(e / 1000.0) - interval '1 minute', to_timestamp(e / 1000.0)
        FROM unnest(${due.map(([key]) => key)}::text[], ${counts}::int[], ${due.map(([, b]) => b.windowEnd)}::float8[]) AS t(k, c, e)
        ON CONFLICT (key) DO UPDATE SET count = b.count + EXCLUDED.count
        RETURNING key, count`;
      const totals = new Map(rows.map((row) => [row.key, row.count]));
      for (const [key, bucket] of due) bucket.known = totals.get(key) ?? bucket.known + bucket.sending;
    } catch (error) {
      // The database is away: go on counting locally, so an account is still limited here.
      for (const [, bucket] of due) bucket.known += bucket.sending;
      logger().warn({ err: error }, "shared rate counts not flushed; counting locally");
    } finally {
      for (const [, bucket] of due) bucket.sending = 0;
      flushing = undefined;
    }
  })();
  await flushing;
}
