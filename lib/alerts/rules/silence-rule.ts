// Silence: an acquirer, a merchant or a terminal that normally sends at this hour has sent nothing
// for longer than its usual pace allows. Learned from its own hourly counts
// (subject_hourly_counts, roll-subject-hours.ts) over ALERT_SILENCE_HISTORY_DAYS:
// - it "normally sends at this hour" when it sent in this hour of the day (UTC) on at least
//   ALERT_SILENCE_MIN_ACTIVE_DAYS of those days;
// - its pace in each hour of the day is its mean count there (days without events count as 0), so
//   its usual gap at this hour is 60 minutes / that mean;
// - it is silent when it has sent nothing for ALERT_SILENCE_MIN_MINUTES and the events it would
//   normally have sent since its last one (the means over the silent span, hour by hour, for at
//   most 24 hours) reach ALERT_SILENCE_GAP_FACTOR: silent for that many usual gaps. Summing over
//   the span's own hours means a store that opens at 10:00 is not expected at 9:59, and a busy
//   hour after a quiet one counts for what it is.
// The alert stays open until the subject sends again (an event after the last one it had), even
// when the hour is no longer one it sends in. docs/operations.md, "Alerts", has the figures.
import "server-only";
import type { AlertSubjectType } from "@/lib/alerts/alert-kinds";
import { type AlertRule, type Finding, isoOf, type OpenAlert } from "@/lib/alerts/finding";
import { rollSubjectHours } from "@/lib/alerts/roll-subject-hours";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { env } from "@/lib/env";

type SilentSubject = Exclude<AlertSubjectType, "endpoint" | "queue" | "import">;

/** The events column naming each subject (each indexed with created_at, but the acquirer: a handful of values). */
const COLUMN: Record<SilentSubject, string> = {
  acquirer: "acquirer_name",
  merchant: "owner_merchant_id",
  terminal: "terminal_id",
};

const params = sqlParameters(["now", "type", "hours", "days", "minActiveDays", "minMinutes", "factor"]);
// Regular subjects: this hour of the day on enough of the history days (the given hours, on the
// (subject_type, hour) index). Their last event: among the events not rolled up yet (this hour's,
// and the last hour's until it is rolled, a minute after it ends), else the rollup's latest hour
// (one backward probe each). The events not rolled up are read as one probe per regular merchant
// or terminal, on its (column, created_at) index; the acquirer has no such index (a handful of
// values), so its are one scan of them, grouped: a probe walks back to the acquirer's latest
// event, which is the whole span for each silent one. Reading every recent event for each kind of
// subject, as this did before, cost 0.8 s of PostgreSQL an evaluation at 110,000 events in the
// last two hours (docs/benchmarks.md) and grew with the traffic. The profile of the quiet ones
// only, and only of the hours of the day their silence spans: those hours on each history day,
// probed on the primary key.
// The start of the events not rolled up is read as a scalar subquery, a bound of the index range
// (the acquirers' scan joined with the CTE was planned as a scan of the whole month).
const UNROLLED_SINCE = "(SELECT since FROM unrolled)";
const liveSql = (column: string) =>
  column === COLUMN.acquirer
    ? `SELECT e.${column} AS subject_id, max(e.created_at) AS at FROM events e
       WHERE e.created_at >= ${UNROLLED_SINCE} AND e.created_at <= ${params.at.now} AND e.${column} IS NOT NULL
       GROUP BY 1`
    : `SELECT r.subject_id, (
         SELECT e.created_at FROM events e
         WHERE e.${column} = r.subject_id AND e.created_at >= ${UNROLLED_SINCE} AND e.created_at <= ${params.at.now}
         ORDER BY e.created_at DESC LIMIT 1) AS at
       FROM regular r`;

const silenceSql = (column: string) => `
WITH regular AS (
  SELECT c.subject_id, max(c.merchant_id) AS merchant_id, count(*)::int AS active_days
  FROM subject_hourly_counts c
  WHERE c.subject_type = ${params.at.type} AND c.hour = ANY (${params.at.hours}::timestamptz[])
  GROUP BY c.subject_id HAVING count(*) >= ${params.at.minActiveDays}::int
), unrolled AS (
  -- Where the hours rolled up (roll-subject-hours.ts, just before this) end.
  SELECT CASE WHEN EXISTS (SELECT 1 FROM alert_rolled_hours WHERE hour = date_trunc('hour', ${params.at.now}::timestamptz) - interval '1 hour')
    THEN date_trunc('hour', ${params.at.now}::timestamptz) ELSE date_trunc('hour', ${params.at.now}::timestamptz) - interval '1 hour' END AS since
), live AS MATERIALIZED (
  ${liveSql(column)}
), quiet AS MATERIALIZED (
  SELECT r.*, s.last_seen, greatest(coalesce(s.last_seen, '-infinity'), ${params.at.now}::timestamptz - interval '24 hours') AS since
  FROM regular r
  LEFT JOIN live l ON l.subject_id = r.subject_id
  CROSS JOIN LATERAL (SELECT coalesce(l.at, (
    SELECT c.last_at FROM subject_hourly_counts c WHERE c.subject_type = ${params.at.type} AND c.subject_id = r.subject_id
      AND c.hour < ${UNROLLED_SINCE} ORDER BY c.hour DESC LIMIT 1)) AS last_seen) s
  WHERE s.last_seen IS NULL OR s.last_seen < ${params.at.now}::timestamptz - ${params.at.minMinutes}::int * interval '1 minute'
), profile AS (
  SELECT q.subject_id, x.hod, x.mean FROM quiet q CROSS JOIN LATERAL (
    SELECT extract(hour FROM c.hour AT TIME ZONE 'UTC')::int AS hod, sum(c.count)::float8 / ${params.at.days}::int AS mean
    FROM subject_hourly_counts c
    WHERE c.subject_type = ${params.at.type} AND c.subject_id = q.subject_id AND c.hour = ANY (ARRAY(
      SELECT h - k * interval '1 day'
      FROM (SELECT h FROM generate_series(date_trunc('hour', q.since), ${params.at.now}::timestamptz, interval '1 hour') h LIMIT 25) span,
        generate_series(1, ${params.at.days}::int) k))
    GROUP BY 1
  ) x
), expected AS (
  SELECT q.subject_id, sum(p.mean * extract(epoch FROM least(span.h + interval '1 hour', ${params.at.now}::timestamptz) - greatest(span.h, q.since)) / 3600) AS n
  FROM quiet q
  -- At most 25 hours (since is at most 24 hours back): the LIMIT says so to the planner, whose
  -- guess of 1,000 rows made the statement look costly enough to be JIT-compiled (200 ms).
  CROSS JOIN LATERAL (SELECT h FROM generate_series(date_trunc('hour', q.since), ${params.at.now}::timestamptz, interval '1 hour') h LIMIT 25) span
  JOIN profile p ON p.subject_id = q.subject_id AND p.hod = extract(hour FROM span.h AT TIME ZONE 'UTC')::int
  GROUP BY 1
)
SELECT q.subject_id, q.merchant_id, q.active_days, q.last_seen, x.n AS expected,
  (SELECT p.mean FROM profile p WHERE p.subject_id = q.subject_id AND p.hod = extract(hour FROM ${params.at.now}::timestamptz AT TIME ZONE 'UTC')::int) AS hour_mean
FROM quiet q JOIN expected x USING (subject_id)
WHERE x.n >= ${params.at.factor}::float8`;

const HOUR_MS = 3_600_000;

/** This hour of the day on each of the `days` days before `now` (the hours' starts, UTC). */
function sameHourBefore(now: Date, days: number): Date[] {
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: days }, (_, k) => new Date(hour - (k + 1) * 24 * HOUR_MS));
}

const stillParams = sqlParameters(["now", "type", "ids", "since"]);
// Of open silence alerts' subjects (parallel arrays: id, last event seen), those that sent nothing since.
const stillSilentSql = (column: string) => `
SELECT s.id FROM unnest(${stillParams.at.ids}::text[], ${stillParams.at.since}::timestamptz[]) AS s(id, since)
WHERE NOT EXISTS (SELECT 1 FROM subject_hourly_counts c WHERE c.subject_type = ${stillParams.at.type} AND c.subject_id = s.id
    AND c.hour >= date_trunc('hour', s.since) AND c.last_at > s.since AND c.hour < ${stillParams.at.now})
  AND NOT EXISTS (SELECT 1 FROM events e WHERE e.${column} = s.id
    AND e.created_at > greatest(s.since, date_trunc('hour', ${stillParams.at.now}::timestamptz) - interval '1 hour') AND e.created_at <= ${stillParams.at.now})`;

async function newlySilent(now: Date, type: SilentSubject): Promise<Finding[]> {
  const { historyDays: days, minActiveDays, minMinutes, gapFactor: factor } = env().alerts.silence;
  const rows = await sql({
    name: `alerts_silence_${type}`,
    text: silenceSql(COLUMN[type]),
    values: params.values({ now, type, hours: sameHourBefore(now, days), days, minActiveDays, minMinutes, factor }),
  });
  return rows.map((row) => {
    const hourMean = row.hour_mean === null ? null : Number(row.hour_mean);
    return {
      kind: "silence",
      subjectType: type,
      subjectId: row.subject_id as string,
      reason: "",
      merchantId: type === "acquirer" ? null : ((row.merchant_id as string | null) ?? null),
      details: {
        lastSeenAt: isoOf(row.last_seen),
        expectedEvents: Math.round(Number(row.expected) * 10) / 10,
        usualGapMinutes: hourMean ? Math.round((60 / hourMean) * 10) / 10 : null,
        activeDays: Number(row.active_days),
        historyDays: days,
        gapFactor: factor,
      },
    };
  });
}

async function stillSilent(now: Date, type: SilentSubject, open: OpenAlert[]): Promise<Finding[]> {
  const alerts = open.filter((a) => a.kind === "silence" && a.subjectType === type);
  if (alerts.length === 0) return [];
  const since = (a: OpenAlert) =>
    (a.details.lastSeenAt as string | null) ?? new Date(a.openedAt.getTime() - 24 * 3600_000).toISOString();
  const rows = await sql({
    name: `alerts_still_silent_${type}`,
    text: stillSilentSql(COLUMN[type]),
    values: stillParams.values({ now, type, ids: alerts.map((a) => a.subjectId), since: alerts.map(since) }),
  });
  const silent = new Set(rows.map((row) => row.id as string));
  return alerts.filter((a) => silent.has(a.subjectId)).map((a) => ({ ...a, kind: "silence", reason: "" }));
}

export const silenceRule: AlertRule = {
  kinds: ["silence"],
  async find(now, open) {
    await rollSubjectHours(now, env().alerts.silence.historyDays);
    const findings: Finding[] = [];
    for (const type of Object.keys(COLUMN) as SilentSubject[]) {
      const fresh = await newlySilent(now, type);
      const kept = await stillSilent(now, type, open);
      const keys = new Set(fresh.map((f) => f.subjectId));
      findings.push(...fresh, ...kept.filter((f) => !keys.has(f.subjectId)));
    }
    return findings;
  },
};
