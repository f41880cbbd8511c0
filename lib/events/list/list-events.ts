// GET /v1/webhooks/events: keyset pages over (created_at, id) with every filter of product.md.
// One prepared SQL statement per page (filters in lib/events/list/filter-conditions.ts); each event's
// JSON is read ready-made from events.body, joined by PostgreSQL and passed through as text (no
// row objects, no JSON.stringify: the reference in platform-notes.md). Read from the replica
// when there is one: a page may lag behind the primary by the replication delay.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { scopeBinding, type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { readSql } from "@/lib/db/client";
import { eventKeysetWalk, eventStatementName, isSearch, literalLimit } from "@/lib/events/list/filter-conditions";
import type { ListEventsQuery } from "@/lib/events/list/list-query";
import { keysetWindow, type Position } from "@/lib/paging/keyset-page";

type PageRow = { data: string | null; rows: number; last_created_at: Date | null; last_id: string | null };

/** The SQL of one page: its text (one prepared statement per filter combination and limit) and values. */
export function listEventsStatement(
  query: Omit<ListEventsQuery, "cursor">,
  after: Position | undefined,
  scope: TenantScope,
): { text: string; values: unknown[] } {
  const { limit, order_by: _orderBy, ...filters } = query;
  const { where, values, order } = eventKeysetWalk(filters, after, scope);
  const pageSize = literalLimit(limit);
  // The page comes back as one row: the bodies already joined, the number of rows read
  // (limit + 1 means more follow) and the position of the page's last row for the cursor.
  // string_agg takes the rows in the order the subquery returns them: an aggregate over a
  // sorted subquery with no join keeps that order in PostgreSQL (its documentation on aggregate
  // expressions says as much). `string_agg(... ORDER BY p.n)` would sort the 100 bodies again,
  // and PostgreSQL 15 does not see that they already are: a tenth of its work for a page.
  // The paging tests check the order of every page.
  const text = `SELECT string_agg(p.body, ',') FILTER (WHERE p.n <= ${pageSize}) AS data,
      count(*)::int AS rows,
      max(p.created_at) FILTER (WHERE p.n = ${pageSize}) AS last_created_at,
      max(p.id) FILTER (WHERE p.n = ${pageSize}) AS last_id
    FROM (${positionsFirst(filters) ? searchPage(where, order, limit) : walkPage(where, order, limit)}) p`;
  return { text, values };
}

/**
 * Whether a search's positions can be sorted from its indexes alone: a MID's or TID's beginning
 * (their indexes hold the column) or a merchant's name (merchant_id, created_at, id). Not q (its
 * bitmap of five indexes reads rows anyway; sorting positions first made PostgreSQL walk the
 * whole table for a rare code) nor the serial number (an expression over data). A decline class
 * too: its matches come from the declines' code index in code order, one range per code, and
 * sorting whole rows to find a page spilled to disk (300,000 demo events: 267 ms, 130 ms with
 * the positions first).
 */
function positionsFirst(filters: Omit<ListEventsQuery, "cursor" | "limit" | "order_by">): boolean {
  return (
    (isSearch(filters) && filters.q === undefined && filters.terminal_serial_number === undefined) ||
    filters.decline_class !== undefined
  );
}

/** The page's rows read in keyset order from an index that has it (the walk: no filter, or an equal one). */
function walkPage(where: string, order: string, limit: number): string {
  return `SELECT e.body, e.created_at, e.id, row_number() OVER (ORDER BY ${order}) AS n FROM events e
      ${where}
      ORDER BY ${order} LIMIT ${literalLimit(limit + 1)}`;
}

/**
 * A search's page: its matches come from an index in the value's order (a MID's beginning, a
 * merchant's events), so all of them are sorted to find the page. Only their positions are
 * sorted (an index-only scan, no row read), and only the page's rows are fetched after: with
 * the bodies, 1,000 matches read 1,000 rows for 21 (docs/benchmarks.md, "Search").
 */
function searchPage(where: string, order: string, limit: number): string {
  const keyOrder = order.replaceAll("e.", "k.");
  return `SELECT e.body, k.created_at, k.id, row_number() OVER (ORDER BY ${keyOrder}) AS n
      FROM (SELECT e.created_at, e.id FROM events e ${where} ORDER BY ${order} LIMIT ${literalLimit(limit + 1)}) k
      JOIN events e ON e.created_at = k.created_at AND e.id = k.id
      ORDER BY ${keyOrder}`;
}

/** Lists events; returns the page envelope as JSON text, ready to send. */
export async function listEvents(options: { caller: Caller; query: ListEventsQuery }): Promise<string> {
  const scope = tenantScope(options.caller, "read");
  const { cursor, ...query } = options.query;
  const { limit, sort, order_by: _orderBy, ...filters } = query;
  const window = keysetWindow("events", { ...filters, ...scopeBinding(scope) }, { limit, cursor, sort });
  const { text, values } = listEventsStatement(query, window.after, scope);
  const [row] = (await readSql({ name: eventStatementName("events_list", text, filters), text, values })) as PageRow[];

  const hasMore = (row?.rows ?? 0) > limit;
  const last = row?.last_created_at && row.last_id ? { createdAt: row.last_created_at, id: row.last_id } : undefined;
  const metadata = window.metadata(hasMore, last);
  return `{"metadata":${JSON.stringify(metadata)},"data":[${row?.data ?? ""}]}`;
}
