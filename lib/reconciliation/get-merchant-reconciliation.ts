// GET /v1/reconciliation/merchants/{id}: one merchant's reconciliation at a glance, for its page.
// The merchant is found within the caller's scope (a merchant account reaches its own only,
// another is a 404); the matched count is read from the newest imports' matched_by_merchant, the
// exceptions' from their (merchant_id, created_at, id) index.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { merchantRowWhere, tenantScope } from "@/lib/access/tenant-scope";
import { db, readSql } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type MerchantReconciliationDto, RECENT_IMPORTS } from "@/lib/reconciliation/merchant-reconciliation-dto";

/** $1 merchant, $2 how many imports. */
const COUNTS_SQL = `
WITH recent AS (
  SELECT id, created_at, matched_by_merchant FROM reconciliation_imports WHERE status = 'done'
  ORDER BY created_at DESC, id DESC LIMIT $2
)
SELECT (SELECT count(*) FROM recent)::int AS imports,
  (SELECT max(created_at) FROM recent) AS last_import_at,
  (SELECT coalesce(sum((matched_by_merchant->>$1)::int), 0) FROM recent)::int AS matched,
  (SELECT count(*) FROM reconciliation_exceptions x WHERE x.merchant_id = $1 AND x.import_id IN (SELECT id FROM recent))::int AS exceptions,
  (SELECT count(*) FROM reconciliation_exceptions x WHERE x.merchant_id = $1 AND x.status = 'open')::int AS open`;

export async function getMerchantReconciliation(options: { caller: Caller; id: string }): Promise<MerchantReconciliationDto> {
  const scope = tenantScope(options.caller, "read");
  const { id } = options;
  const merchant = XID_PATTERN.test(id)
    ? await db().merchant.findFirst({ where: { AND: [{ id }, merchantRowWhere(scope)] }, select: { id: true } })
    : null;
  if (!merchant) throw notFound("No merchant has this id.");
  const [row] = await readSql({ text: COUNTS_SQL, values: [merchant.id, RECENT_IMPORTS] });
  const last = row?.last_import_at as Date | string | null | undefined;
  return {
    merchantId: merchant.id,
    imports: Number(row?.imports ?? 0),
    lastImportAt: last ? new Date(last).toISOString() : null,
    matched: Number(row?.matched ?? 0),
    exceptions: Number(row?.exceptions ?? 0),
    open: Number(row?.open ?? 0),
  };
}
