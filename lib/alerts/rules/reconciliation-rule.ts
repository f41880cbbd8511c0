// Reconciliation: an imported statement with more sales still missing their notification than
// ALERT_RECONCILIATION_MISSING_THRESHOLD (its open missing_notification exceptions). The alert is
// the import's (staff: a statement spans every merchant of its establishments) and resolves by
// itself as the count falls back: late notifications close their sales
// (lib/reconciliation/close-late-notifications.ts), operators resolve the rest. The open missing
// sales are partial indexes (reconciliation_exceptions_missing_nsu_idx), so the cost follows what
// is still open, not the history.
import "server-only";
import { type AlertRule, isoOf } from "@/lib/alerts/finding";
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";

/** $1 threshold: the imports with more open missing sales than it. */
const MISSING_SQL = `
SELECT i.id, i.acquirer_name, to_char(i.period_start, 'YYYY-MM-DD') AS period_start,
  to_char(i.period_end, 'YYYY-MM-DD') AS period_end, i.finished_at, (i.summary ->> 'sales')::int AS sales, x.missing
FROM (
  SELECT import_id, count(*)::int AS missing FROM reconciliation_exceptions
  WHERE kind = 'missing_notification' AND status = 'open'
  GROUP BY import_id HAVING count(*) > $1
) x
JOIN reconciliation_imports i ON i.id = x.import_id
WHERE i.status = 'done'`;

export const reconciliationRule: AlertRule = {
  kinds: ["reconciliation_missing"],
  async find() {
    const threshold = env().alerts.reconciliationMissingThreshold;
    const rows = await sql({ name: "alerts_reconciliation_missing", text: MISSING_SQL, values: [threshold] });
    return rows.map((row) => ({
      kind: "reconciliation_missing" as const,
      subjectType: "import" as const,
      subjectId: row.id as string,
      reason: "",
      merchantId: null,
      details: {
        acquirerName: row.acquirer_name,
        periodStart: row.period_start,
        periodEnd: row.period_end,
        importedAt: isoOf(row.finished_at),
        sales: row.sales === null ? null : Number(row.sales),
        missing: Number(row.missing),
        threshold,
      },
    }));
  },
};
