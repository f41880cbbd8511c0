// GET /v1/reconciliation/imports/{id}/daily-counts: one import's matched sales and exceptions per
// merchant and sale day (staff: an import spans every merchant of its establishments). A matched
// sale is counted as a sale of the import that no exception names, and its
// merchant is found as a missing sale's is (match-sql.ts): the acquirer's credential with the
// sale's MID and TID, an enabled one first. One grouped statement over the import's rows.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { db, sql } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import type { DailyCountsDto } from "@/lib/reconciliation/daily-counts-dto";

/** At most this many merchant days in one answer (a statement is a day or a few; merchants are many). */
export const MAX_DAILY_ROWS = 500;

/** $1 import, $2 acquirer, $3 limit (one more than answered, to know whether more exist). */
const DAILY_COUNTS_SQL = `
WITH credential_merchant AS (
  SELECT DISTINCT ON (1, 2) upper(ltrim(c.acquirer_merchant_identifier, '0')) AS mid_key,
    coalesce(upper(ltrim(c.acquirer_terminal_identifier, '0')), '') AS tid_key, c.merchant_id
  FROM credentials c JOIN providers pr ON pr.id = c.provider_id
  WHERE pr.name = $2 AND c.acquirer_merchant_identifier IS NOT NULL
  ORDER BY 1, 2, c.enabled DESC, c.created_at, c.id
), counted AS (
  SELECT cr.merchant_id, s.sale_date AS day, 1 AS matched, 0 AS exceptions, 0 AS open
  FROM reconciliation_sales s
  LEFT JOIN credential_merchant cr ON cr.mid_key = s.mid_key AND cr.tid_key = s.tid_key
  WHERE s.import_id = $1
    AND NOT EXISTS (SELECT 1 FROM reconciliation_exceptions x WHERE x.import_id = $1 AND x.sale_line = s.line)
  UNION ALL
  SELECT x.merchant_id,
    coalesce(x.sale_date,
      (SELECT (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date FROM events e WHERE e.id = x.event_id LIMIT 1)),
    0, 1, CASE WHEN x.status = 'open' THEN 1 ELSE 0 END
  FROM reconciliation_exceptions x
  WHERE x.import_id = $1
)
SELECT c.merchant_id, m.name AS merchant_name, to_char(c.day, 'YYYY-MM-DD') AS day,
  sum(c.matched)::int AS matched, sum(c.exceptions)::int AS exceptions, sum(c.open)::int AS open
FROM counted c LEFT JOIN merchants m ON m.id = c.merchant_id
GROUP BY c.merchant_id, m.name, c.day
ORDER BY c.day NULLS LAST, m.name NULLS LAST, c.merchant_id
LIMIT $3`;

export async function countImportDays(options: { caller: Caller; id: string }): Promise<DailyCountsDto> {
  requirePermission(options.caller, "read");
  const { id } = options;
  const found = XID_PATTERN.test(id)
    ? await db().reconciliationImport.findUnique({ where: { id }, select: { acquirerName: true } })
    : null;
  if (!found) throw notFound("No reconciliation import has this id.");
  const rows = await sql({
    name: "reconciliation_daily_counts",
    text: DAILY_COUNTS_SQL,
    values: [id, found.acquirerName, MAX_DAILY_ROWS + 1],
  });
  return {
    importId: id,
    data: rows.slice(0, MAX_DAILY_ROWS).map((row) => ({
      merchantId: (row.merchant_id as string | null) ?? null,
      merchantName: (row.merchant_name as string | null) ?? null,
      day: (row.day as string | null) ?? null,
      matched: Number(row.matched),
      exceptions: Number(row.exceptions),
      open: Number(row.open),
    })),
    truncated: rows.length > MAX_DAILY_ROWS,
  };
}
