// The one keyset paging of every list: pages ordered by (created_at, id), read as limit + 1 rows
// to know whether more follow, continued by a signed cursor bound to the list's filters and sort.
// keysetPage() does it all for a list whose query returns rows; keysetWindow() gives the same
// pieces to a list that builds its page in SQL (the events list). The predicates that continue
// after a position are beside it, for Prisma and for SQL, so every list continues the same way.

import { cursorBinding, decodeCursor, encodeCursor, type Position } from "@/lib/paging/cursor";
import type { Page, PageMetadata, SortDirection } from "@/lib/paging/page-params";

export type { Position } from "@/lib/paging/cursor";
export type { Page, PageMetadata, SortDirection } from "@/lib/paging/page-params";

export type KeysetQuery = { limit: number; cursor?: string; sort: SortDirection };

export type KeysetWindow = {
  /** Continue after this position (undefined: the first page). */
  after: Position | undefined;
  limit: number;
  /** How many rows to read: limit + 1, the extra one says whether more follow. */
  take: number;
  sort: SortDirection;
  /** The page's metadata: the cursor after its last row while more follow, else null. */
  metadata(hasMore: boolean, last: Position | undefined): PageMetadata;
};

/** Decodes the cursor (bound to the list, its filters and the sort) into a window to read. */
export function keysetWindow(list: string, filters: Record<string, unknown>, query: KeysetQuery): KeysetWindow {
  const binding = cursorBinding(list, { ...filters, sort: query.sort });
  return {
    after: query.cursor ? decodeCursor(query.cursor, binding) : undefined,
    limit: query.limit,
    take: query.limit + 1,
    sort: query.sort,
    metadata: (hasMore, last) => ({
      cursor: hasMore && last ? encodeCursor(last, binding) : null,
      limit: query.limit,
      has_more: hasMore,
    }),
  };
}

/** A page of a list whose query returns rows that carry their position (createdAt, id). */
export async function keysetPage<Row extends Position, T>(options: {
  list: string;
  filters: Record<string, unknown>;
  query: KeysetQuery;
  fetch: (window: KeysetWindow) => Promise<Row[]>;
  present: (row: Row) => T;
}): Promise<Page<T>> {
  const window = keysetWindow(options.list, options.filters, options.query);
  const rows = await options.fetch(window);
  const hasMore = rows.length > window.limit;
  const pageRows = hasMore ? rows.slice(0, window.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    metadata: window.metadata(hasMore, last && { createdAt: last.createdAt, id: last.id }),
    data: pageRows.map(options.present),
  };
}

/** Prisma: the `where` that continues after the window's position, and the window's order. */
export function prismaKeyset(window: Pick<KeysetWindow, "after" | "sort">) {
  const { after, sort } = window;
  const op = sort === "desc" ? "lt" : "gt";
  return {
    where: after
      ? { OR: [{ createdAt: { [op]: after.createdAt } }, { createdAt: after.createdAt, id: { [op]: after.id } }] }
      : {},
    orderBy: [{ createdAt: sort }, { id: sort }],
  };
}

/**
 * SQL: the condition that continues after a position (a row comparison the (created_at, id)
 * indexes serve). The plain bound on created_at beside it says nothing more, but PostgreSQL
 * prunes partitions on it and not on a row comparison: a deep page of the month-partitioned
 * events table then opens only the months at or past the position.
 */
export function sqlAfter(
  after: Position,
  sort: SortDirection,
  bind: (value: unknown, cast?: string) => string,
  alias = "e",
): string {
  const op = sort === "desc" ? "<" : ">";
  const at = bind(after.createdAt.toISOString(), "::timestamptz");
  return `(${alias}.created_at, ${alias}.id) ${op} (${at}, ${bind(after.id)}) AND ${alias}.created_at ${op}= ${at}`;
}
