// Folds the append-only count deltas (written by the events triggers) into the hourly rollups:
// the event counts and the decided payments' counts. SKIP LOCKED lets several instances compact
// at once without taking the same deltas.
import { db } from "@/lib/db/client";

const COMPACT_SQL = `
WITH moved AS (
  DELETE FROM event_count_deltas
  WHERE id IN (SELECT id FROM event_count_deltas ORDER BY id LIMIT 50000 FOR UPDATE SKIP LOCKED)
  RETURNING hour, status, failure_reason, delta
)
INSERT INTO event_hourly_counts AS c (hour, status, failure_reason, count)
SELECT hour, status, failure_reason, sum(delta) FROM moved GROUP BY 1, 2, 3
ON CONFLICT (hour, status, failure_reason) DO UPDATE SET count = c.count + excluded.count`;

const COMPACT_PAYMENTS_SQL = `
WITH moved AS (
  DELETE FROM payment_outcome_deltas
  WHERE id IN (SELECT id FROM payment_outcome_deltas ORDER BY id LIMIT 50000 FOR UPDATE SKIP LOCKED)
  RETURNING hour, acquirer_name, merchant_id, transaction_status, response_code, delta
)
INSERT INTO payment_outcome_hourly_counts AS c (hour, acquirer_name, merchant_id, transaction_status, response_code, count)
SELECT hour, acquirer_name, merchant_id, transaction_status, response_code, sum(delta) FROM moved GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (hour, acquirer_name, merchant_id, transaction_status, response_code) DO UPDATE SET count = c.count + excluded.count`;

/** Returns how many rollup rows were touched (0 when there was nothing to fold). */
export async function compactEventCounts(): Promise<number> {
  const events = await db().$executeRawUnsafe(COMPACT_SQL);
  return events + (await db().$executeRawUnsafe(COMPACT_PAYMENTS_SQL));
}
