// GET /v1/webhooks/events/count: how many events a filter matches, counted up to COUNT_CAP so
// that a broad filter over millions of events still answers in milliseconds (the dashboard's
// "Retry 1,234 failed events" needs the number, not an exact count of the whole table).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { sql as runSql } from "@/lib/db/client";
import { type EventFilterQuery, eventKeysetWalk, eventStatementName, literalLimit } from "@/lib/events/list/filter-conditions";
import { COUNT_CAP, type EventCountDto } from "@/lib/events/retry/bulk-retry-schemas";

/** Counts the filter's events, stopping after `cap` (an index walk of at most cap + 1 rows). */
export async function countMatchingEvents(filters: EventFilterQuery, cap: number, scope: TenantScope): Promise<EventCountDto> {
  const { where, values } = eventKeysetWalk({ ...filters, sort: "asc" }, undefined, scope);
  const text = `SELECT count(*)::int AS n FROM (SELECT 1 FROM events e ${where} LIMIT ${literalLimit(cap + 1)}) x`;
  const [row] = (await runSql({ name: eventStatementName("events_count", text, filters), text, values })) as { n: number }[];
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
}

export async function countEvents(options: { caller: Caller; query: EventFilterQuery }): Promise<EventCountDto> {
  return countMatchingEvents(options.query, COUNT_CAP, tenantScope(options.caller, "read"));
}
