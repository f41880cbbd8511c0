// The silence rule's memory: events per subject (acquirer, merchant, terminal) and hour, rolled
// up from the events table by the evaluator for each closed hour (a minute after it ends), once:
// an hour is claimed in alert_rolled_hours (ON CONFLICT DO NOTHING), so of two instances one rolls
// it and the other skips it. Each hour is one range scan of the events' (created_at, id) index.
// The first run learns the history back to ALERT_SILENCE_HISTORY_DAYS, a bounded number of
// hours per run, newest first. An event stored in an hour after it was rolled (committed more than
// a minute late) is not counted: the profile is a statistic, and a late event still ends a silence
// (the rule also reads the last two hours of events directly).
import "server-only";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";

/** Hours rolled per evaluation at most (the first runs of a new installation learn 24 h each). */
export const ROLL_HOURS_PER_RUN = 24;

const params = sqlParameters(["now", "days", "limit"]);
const ROLL_SQL = `
WITH todo AS (
  INSERT INTO alert_rolled_hours (hour)
  SELECT h FROM generate_series(
    date_trunc('hour', ${params.at.now}::timestamptz) - ${params.at.days}::int * interval '1 day',
    date_trunc('hour', ${params.at.now}::timestamptz - interval '1 minute') - interval '1 hour',
    interval '1 hour') h
  WHERE NOT EXISTS (SELECT 1 FROM alert_rolled_hours r WHERE r.hour = h)
  ORDER BY h DESC LIMIT ${params.at.limit}::int
  ON CONFLICT DO NOTHING
  RETURNING hour
), ev AS (
  -- One index range scan per hour: LATERAL with OFFSET 0, which keeps the planner from flattening
  -- it into a join that read every event once per hour.
  SELECT e.acquirer_name, e.owner_merchant_id, e.terminal_id, e.created_at, todo.hour
  FROM todo CROSS JOIN LATERAL (
    SELECT acquirer_name, owner_merchant_id, terminal_id, created_at FROM events
    WHERE created_at >= todo.hour AND created_at < todo.hour + interval '1 hour'
    OFFSET 0
  ) e
)
INSERT INTO subject_hourly_counts (subject_type, subject_id, hour, count, last_at, merchant_id)
SELECT 'acquirer', acquirer_name, hour, count(*), max(created_at), NULL FROM ev WHERE acquirer_name IS NOT NULL GROUP BY acquirer_name, hour
UNION ALL
SELECT 'merchant', owner_merchant_id, hour, count(*), max(created_at), owner_merchant_id FROM ev WHERE owner_merchant_id IS NOT NULL GROUP BY owner_merchant_id, hour
UNION ALL
SELECT 'terminal', terminal_id, hour, count(*), max(created_at), max(owner_merchant_id) FROM ev WHERE terminal_id IS NOT NULL GROUP BY terminal_id, hour
ON CONFLICT DO NOTHING`;

// What is older than the history is dropped (an hour or so of rows each time, on the
// (subject_type, hour) index and the markers' key).
const forgetParams = sqlParameters(["now", "days"]);
const FORGET_SQL = `
WITH counts AS (
  DELETE FROM subject_hourly_counts WHERE subject_type = ANY ('{acquirer,merchant,terminal}')
    AND hour < ${forgetParams.at.now}::timestamptz - (${forgetParams.at.days}::int + 1) * interval '1 day'
)
DELETE FROM alert_rolled_hours WHERE hour < ${forgetParams.at.now}::timestamptz - (${forgetParams.at.days}::int + 1) * interval '1 day'`;

/** Rolls up to `limit` closed, not yet rolled hours of the history before `now`, and forgets what is older than it. */
export async function rollSubjectHours(now: Date, days: number, limit = ROLL_HOURS_PER_RUN): Promise<void> {
  await sql({ name: "alerts_roll_hours", text: ROLL_SQL, values: params.values({ now, days, limit }) });
  await sql({ name: "alerts_forget_hours", text: FORGET_SQL, values: forgetParams.values({ now, days }) });
}
