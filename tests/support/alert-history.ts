// Event rows for the alert rules' tests, written straight to the table at the instants a test
// says (the rules read only the lifted columns and the status), and the evaluator's clock.
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { ensureMonthsOf } from "./events";

export type HistoryRow = {
  at: Date;
  acquirer?: string | null;
  merchantId?: string | null;
  terminalId?: string | null;
  status?: "processed" | "failed" | "pending";
  failureReason?: string | null;
};

export async function insertHistory(rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ensureMonthsOf(rows.map((row) => row.at));
  await db().$executeRaw`
    INSERT INTO events (id, type, status, data, merchant_id, owner_merchant_id, terminal_id, acquirer_name, failure_reason, created_at, updated_at)
    SELECT r.id, 'payment.completed', r.status, '{}'::jsonb, r.merchant_id, r.merchant_id, r.terminal_id, r.acquirer, r.reason, r.at, r.at
    FROM unnest(${rows.map(() => newId())}::text[], ${rows.map((r) => r.status ?? "processed")}::text[],
      ${rows.map((r) => r.merchantId ?? null)}::text[], ${rows.map((r) => r.terminalId ?? null)}::text[],
      ${rows.map((r) => r.acquirer ?? null)}::text[], ${rows.map((r) => r.failureReason ?? null)}::text[],
      ${rows.map((r) => r.at)}::timestamptz[]) AS r(id, status, merchant_id, terminal_id, acquirer, reason, at)`;
}

const MINUTE = 60_000;

/** `count` rows spread evenly over the hour starting at `hourStart`, each from `row`. */
export function spreadOverHour(hourStart: Date, count: number, row: Omit<HistoryRow, "at">): HistoryRow[] {
  return Array.from({ length: count }, (_, i) => ({ ...row, at: new Date(hourStart.getTime() + (i * 60 * MINUTE) / count) }));
}

/** A clock of its own for each test: far apart, so that no test's window or history reaches another's. */
export function testClock(index: number, hourOfDay = 12, minute = 0): Date {
  return new Date(Date.UTC(2027, 0, 1 + index * 20, hourOfDay, minute));
}
