// Failure rate: among the decided events (processed or failed) an acquirer or a merchant (the
// events' owner) received in the last ALERT_FAILURE_RATE_WINDOW_MINUTES, the share failed with one
// failure reason is above ALERT_FAILURE_RATE_THRESHOLD, with at least ALERT_FAILURE_RATE_MIN_EVENTS
// decided. One statement over the window's events, read on the (created_at, id) index: its cost
// is the window's events, not the table.
import "server-only";
import type { AlertRule, Finding } from "@/lib/alerts/finding";
import { sql } from "@/lib/db/client";
import { sqlParameters } from "@/lib/db/sql-parameters";
import { env } from "@/lib/env";

const params = sqlParameters(["from", "to", "minEvents", "threshold"]);
const FAILURE_RATE_SQL = `
WITH w AS (
  SELECT acquirer_name, owner_merchant_id, status, coalesce(failure_reason, '') AS reason
  FROM events
  WHERE created_at >= ${params.at.from} AND created_at < ${params.at.to} AND status IN ('processed', 'failed')
), subjects AS (
  SELECT 'acquirer' AS subject_type, acquirer_name AS subject_id, NULL::text AS merchant_id, status, reason FROM w WHERE acquirer_name IS NOT NULL
  UNION ALL
  SELECT 'merchant', owner_merchant_id, owner_merchant_id, status, reason FROM w WHERE owner_merchant_id IS NOT NULL
), totals AS (
  SELECT subject_type, subject_id, count(*)::int AS total FROM subjects GROUP BY 1, 2
), failures AS (
  SELECT subject_type, subject_id, max(merchant_id) AS merchant_id, reason, count(*)::int AS failed
  FROM subjects WHERE status = 'failed' GROUP BY 1, 2, 4
)
SELECT f.subject_type, f.subject_id, f.merchant_id, f.reason, f.failed, t.total
FROM failures f JOIN totals t USING (subject_type, subject_id)
WHERE t.total >= ${params.at.minEvents}::int AND f.failed::float8 / t.total > ${params.at.threshold}::float8`;

export const failureRateRule: AlertRule = {
  kinds: ["failure_rate"],
  async find(now) {
    const { threshold, windowMinutes, minEvents } = env().alerts.failureRate;
    const from = new Date(now.getTime() - windowMinutes * 60_000);
    const rows = await sql({
      name: "alerts_failure_rate",
      text: FAILURE_RATE_SQL,
      values: params.values({ from, to: now, minEvents, threshold }),
    });
    return rows.map(
      (row): Finding => ({
        kind: "failure_rate",
        subjectType: row.subject_type as "acquirer" | "merchant",
        subjectId: row.subject_id as string,
        reason: row.reason as string,
        merchantId: (row.merchant_id as string | null) ?? null,
        details: {
          failed: Number(row.failed),
          total: Number(row.total),
          rate: Math.round((Number(row.failed) / Number(row.total)) * 1000) / 1000,
          threshold,
          windowMinutes,
          windowStart: from.toISOString(),
          windowEnd: now.toISOString(),
        },
      }),
    );
  },
};
