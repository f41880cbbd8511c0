// The overview's aggregates for a period: totals by status, a series by status (hourly for
// 24 h, daily beyond), the top failure reasons, and the payments' approval rate and top declines
// (payment-outcomes.ts). Read from the hourly rollups plus the deltas
// not yet folded in, so the cost depends on the number of hours, not of events. Read from the
// replica when there is one.
import "server-only";
import { z } from "zod";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { readDb } from "@/lib/db/client";
import { EVENT_STATUSES, type EventStatus } from "@/lib/events/data-schema";
import { paymentOutcomes, paymentOutcomesSchema } from "@/lib/stats/payment-outcomes";

export const PERIODS = { "24h": 24, "7d": 7 * 24, "30d": 30 * 24 } as const;
export type Period = keyof typeof PERIODS;

export const overviewQuery = z.strictObject({
  period: z.enum(Object.keys(PERIODS) as [Period, ...Period[]], { message: "must be 24h, 7d or 30d" }).default("24h"),
});

const count = z.int().nonnegative();
const statusCountsShape = { pending: count, failed: count, processed: count, total: count };
const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds");

/** GET /v1/stats/overview's answer. */
export const overviewSchema = z.strictObject({
  period: overviewQuery.shape.period.unwrap(),
  from: timestamp.describe("Start of the first bucket (inclusive)"),
  to: timestamp.describe("End of the last, current bucket (exclusive)"),
  bucket: z.enum(["hour", "day"]).describe("hour for 24h, day beyond"),
  totals: z.strictObject(statusCountsShape),
  series: z.array(z.strictObject({ start: timestamp, ...statusCountsShape })).describe("One point per bucket, oldest first"),
  topFailureReasons: z
    .array(z.strictObject({ reason: z.string(), count }))
    .max(5)
    .describe("The most frequent failure reasons of the period, most frequent first"),
  payments: paymentOutcomesSchema.describe(
    "The period's authorizations and pre-authorizations decided by the acquirer: approval rate and top decline codes",
  ),
});

type StatusCounts = Record<EventStatus, number> & { total: number };
export type OverviewDto = z.output<typeof overviewSchema>;

const HOUR_MS = 3_600_000;

const emptyCounts = (): StatusCounts => ({ pending: 0, failed: 0, processed: 0, total: 0 });

export async function getEventOverview(options: { caller: Caller; period: Period; now?: Date }): Promise<OverviewDto> {
  requirePermission(options.caller, "read");
  const now = options.now ?? new Date();
  const bucket = options.period === "24h" ? "hour" : "day";
  const size = bucket === "hour" ? HOUR_MS : 24 * HOUR_MS;
  // Whole buckets, the last one being the current (partial) one.
  const to = new Date(Math.floor(now.getTime() / size) * size + size);
  const from = new Date(to.getTime() - PERIODS[options.period] * HOUR_MS);

  const [rows, payments] = await readDb((client) =>
    Promise.all([
      client.$queryRawUnsafe<{ bucket: Date; status: EventStatus; failure_reason: string; n: number }[]>(
        `SELECT date_trunc($3, hour, 'UTC') AS bucket, status, failure_reason, sum(n)::int AS n FROM (
       SELECT hour, status, failure_reason, count AS n FROM event_hourly_counts WHERE hour >= $1::timestamptz AND hour < $2::timestamptz
       UNION ALL
       SELECT hour, status, failure_reason, delta FROM event_count_deltas WHERE hour >= $1::timestamptz AND hour < $2::timestamptz
     ) counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
        from.toISOString(),
        to.toISOString(),
        bucket,
      ),
      paymentOutcomes(client, from, to),
    ]),
  );

  const totals = emptyCounts();
  const series = new Map<number, StatusCounts>();
  for (let t = from.getTime(); t < to.getTime(); t += size) series.set(t, emptyCounts());
  const reasons = new Map<string, number>();
  for (const row of rows) {
    if (!(EVENT_STATUSES as readonly string[]).includes(row.status)) continue;
    const point = series.get(row.bucket.getTime());
    if (point) {
      point[row.status] += row.n;
      point.total += row.n;
    }
    totals[row.status] += row.n;
    totals.total += row.n;
    if (row.status === "failed" && row.failure_reason)
      reasons.set(row.failure_reason, (reasons.get(row.failure_reason) ?? 0) + row.n);
  }
  return {
    period: options.period,
    from: from.toISOString(),
    to: to.toISOString(),
    bucket,
    totals,
    series: [...series].map(([t, counts]) => ({ start: new Date(t).toISOString(), ...counts })),
    topFailureReasons: [...reasons]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([reason, count]) => ({ reason, count })),
    payments,
  };
}
