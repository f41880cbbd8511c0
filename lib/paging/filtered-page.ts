// A keyset page of a Prisma list filtered by its filter table (lib/paging/list-filter-table.ts)
// and the table's conditions (the list's *-filter-where.ts, server-only): the cursor is bound to
// the filters' values, and the where is the filters' conditions AND the position AND the caller's
// scope (a tenant's, when it has one). Each list service is then its permission check, its
// model's findMany and its DTO; a list merchant accounts read too is declared whole by tenantList.
import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/access/roles";
import { scopeBinding, type TenantScope, tenantScope } from "@/lib/access/tenant-scope";
import { type KeysetQuery, keysetPage, type Page, type Position, prismaKeyset } from "@/lib/paging/keyset-page";
import { type AnyFilter, filterValues } from "@/lib/paging/list-filter-table";
import { type CreatedAtBounds, createdAtRange } from "@/lib/validation/created-at-range";

/**
 * The condition each filter of a table adds to its list's Prisma where, by name (ANDed with the
 * others, the keyset's and any scope), typed by the filter's parsed value: a table's filter
 * without one here, or one here for no filter, fails to compile. "period": a created_at bound;
 * the bounds make one half-open range (createdAtRange), which refuses an inverted one.
 */
export type FilterWhere<T extends readonly AnyFilter[], Where> = {
  [F in T[number] as F["name"]]: ((value: z.output<F["schema"]>) => Where) | "period";
};

/** The conditions of the filters the query sets, for the list to AND with its keyset (and scope). */
export function filterConditions<Where>(
  table: readonly AnyFilter[],
  where: Record<string, ((value: never) => Where) | "period">,
  query: Record<string, unknown>,
): Where[] {
  const conditions: Where[] = [];
  let period = false;
  for (const filter of table) {
    const value = query[filter.name];
    const condition = where[filter.name];
    if (value === undefined) continue;
    if (condition === "period") period = true;
    // The value is the parsed query's, which the filter's own schema made.
    else conditions.push((condition as (value: unknown) => Where)(value));
  }
  if (period) {
    const { from, to } = createdAtRange(query as CreatedAtBounds);
    conditions.push({ createdAt: { gte: from, lt: to } } as Where);
  }
  return conditions;
}

/** What a list's findMany receives: its where, order and how many rows to read. */
export type PageRead<Where> = {
  where: { AND: Where[] };
  orderBy: { createdAt?: "asc" | "desc"; id?: "asc" | "desc" }[];
  take: number;
};

export function filteredKeysetPage<const F extends readonly AnyFilter[], Where, Row extends Position, T>(options: {
  list: string;
  table: F;
  where: FilterWhere<F, NoInfer<Where>>;
  query: KeysetQuery & Record<string, unknown>;
  /** ANDed with the filters: what the caller may see of the list (none: everything). */
  scope?: NoInfer<Where>;
  /** What the cursor is bound to besides the filters: the scope (lib/access/tenant-scope.ts scopeBinding). */
  scopeBinding?: Record<string, unknown>;
  find: (read: PageRead<Where>) => Promise<Row[]>;
  present: (row: Row) => T;
}): Promise<Page<T>> {
  const { limit, cursor, sort } = options.query;
  const conditions = filterConditions<Where>(options.table, options.where, options.query);
  if (options.scope) conditions.push(options.scope);
  return keysetPage({
    list: options.list,
    filters: { ...filterValues(options.table, options.query), ...options.scopeBinding },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return options.find({ where: { AND: [...conditions, keyset.where as Where] }, orderBy: keyset.orderBy, take: window.take });
    },
    present: options.present,
  });
}

/**
 * The service of a list that merchant accounts read too: the caller's read scope is ANDed with the
 * filters (`scope` makes it the list's where) and binds the cursor, so a foreign row is never on a
 * page and a cursor made under one scope is refused under another.
 */
export function tenantList<const F extends readonly AnyFilter[], Where, Row extends Position, T>(
  list: string,
  table: F,
  spec: {
    where: FilterWhere<F, NoInfer<Where>>;
    /** The caller's read scope as the list's where (the list's Where is its findMany's). */
    scope: (scope: TenantScope) => NoInfer<Where>;
    find: (read: PageRead<Where>) => Promise<Row[]>;
    present: (row: Row) => T;
  },
): (options: { caller: Caller; query: KeysetQuery & Record<string, unknown> }) => Promise<Page<T>> {
  return ({ caller, query }) => {
    const scope = tenantScope(caller, "read");
    const { where, find, present } = spec;
    const bound = { scope: spec.scope(scope), scopeBinding: scopeBinding(scope) };
    return filteredKeysetPage<F, Where, Row, T>({ list, table, where, query, ...bound, find, present });
  };
}
