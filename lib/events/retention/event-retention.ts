// Retention (EVENTS_RETENTION_MONTHS): the maintenance schedule drops every month of events that
// ended before the cutoff, whole partitions at a time (SQL function drop_event_months_before,
// migration *_partition_events). The cutoff is the first day of the month `months` months ago,
// so at least `months` full months of history stay, plus the days of the current one.
import "server-only";
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";
import { monthOf } from "@/lib/events/retention/partitions";

/** The first instant still kept, or null when retention is off. */
export function retentionCutoff(now: Date, months: number | null): Date | null {
  if (months === null) return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

/** Drops the expired months (none when retention is off); returns them as YYYY-MM. */
export async function dropExpiredEventMonths(now = new Date(), months = env().eventsRetentionMonths): Promise<string[]> {
  const cutoff = retentionCutoff(now, months);
  if (!cutoff) return [];
  const rows = (await sql({
    name: "events_drop_expired_months",
    text: "SELECT drop_event_months_before($1::date) AS month",
    values: [monthOf(cutoff)],
  })) as { month: string }[];
  return rows.map((r) => r.month);
}
