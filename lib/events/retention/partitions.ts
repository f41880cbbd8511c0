// Month partitions of events (and of their attempts and webhook deliveries, made together by the
// SQL function of migration *_partition_events), created ahead of time: there is no DEFAULT
// partition (it would keep PostgreSQL from reading months in order), so a row needs its month.
// Called at start-up, by the maintenance schedule and by the demo loaders for the months they
// load; ingestion makes a missing month itself (withEventMonth) rather than refuse a notification.
import "server-only";
import { db } from "@/lib/db/client";

/** Months created after the current one: a worker stopped for weeks still finds its months. */
export const MONTHS_AHEAD = 3;

const LOCK_TIMEOUT = "5s";

/** The first day (UTC) of the month of `at`, as the SQL function's date. */
export function monthOf(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/**
 * The month of `from` and the monthsAhead after it; returns how many were created. Creating a
 * partition takes an ACCESS EXCLUSIVE lock on the parents, which waits for every running query
 * on them and makes every new one queue behind it: a lock timeout gives up instead of stalling
 * the API behind a long export (the months are made ahead, so the next run is soon enough).
 */
export async function ensureEventPartitions(from = new Date(), monthsAhead = MONTHS_AHEAD): Promise<number> {
  return db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const [row] = await tx.$queryRawUnsafe<{ created: number }[]>(
      "SELECT ensure_event_partitions($1::date, $2::int) AS created",
      monthOf(from),
      monthsAhead,
    );
    return row?.created ?? 0;
  });
}

/** Every month from `from` to `to` (demo loads of past weeks); returns how many were created. */
export function ensureEventMonthsBetween(from: Date, to: Date): Promise<number> {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  return ensureEventPartitions(from, Math.max(0, months));
}

/** PostgreSQL's refusal of a row whose month has no partition (SQLSTATE 23514, this message). */
function isMissingMonth(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === "23514" && typeof e.message === "string" && e.message.includes("no partition of relation");
}

/**
 * Runs an insert of new events (created now); should their month be missing (a worker stopped
 * for months, a clock moved), makes the month and the ones ahead, then runs it once more: a
 * notification is never refused for want of a partition.
 */
export async function withEventMonth<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!isMissingMonth(error)) throw error;
    await ensureEventPartitions();
    return insert();
  }
}
