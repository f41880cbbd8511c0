// A keyset page of a Prisma list filtered by its filter table (lib/paging/list-filter-table.ts):
// the cursor is bound to the filters' values, and the where is the filters' conditions AND the
// position AND the caller's scope (a tenant's, when it has one). Each list service is then its
// permission check, its model's findMany and its DTO; a list merchant accounts read too is
// declared whole by tenantList.
import "server-only";
import type { Caller } from "@/lib/auth/roles";
import { scopeBinding, type TenantScope, tenantScope } from "@/lib/auth/tenant-scope";
import { type KeysetQuery, keysetPage, type Page, type Position, prismaKeyset } from "@/lib/paging/keyset-page";
import { type AnyFilter, filterConditions, filterValues } from "@/lib/paging/list-filter-table";

/** What a list's findMany receives: its where, order and how many rows to read. */
export type PageRead<Where> = {
  where: { AND: Where[] };
  orderBy: { createdAt?: "asc" | "desc"; id?: "asc" | "desc" }[];
  take: number;
};

export function filteredKeysetPage<Where, Row extends Position, T>(options: {
  list: string;
  table: readonly AnyFilter<Where>[];
  query: KeysetQuery & Record<string, unknown>;
  /** ANDed with the filters: what the caller may see of the list (none: everything). */
  scope?: Where;
  /** What the cursor is bound to besides the filters: the scope (lib/auth/tenant-scope.ts scopeBinding). */
  scopeBinding?: Record<string, unknown>;
  find: (read: PageRead<Where>) => Promise<Row[]>;
  present: (row: Row) => T;
}): Promise<Page<T>> {
  const { limit, cursor, sort } = options.query;
  const conditions = filterConditions(options.table, options.query);
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
export function tenantList<Where, Row extends Position, T>(
  list: string,
  table: readonly AnyFilter<Where>[],
  spec: { scope: (scope: TenantScope) => Where; find: (read: PageRead<Where>) => Promise<Row[]>; present: (row: Row) => T },
): (options: { caller: Caller; query: KeysetQuery & Record<string, unknown> }) => Promise<Page<T>> {
  return ({ caller, query }) => {
    const scope = tenantScope(caller, "read");
    const { find, present } = spec;
    return filteredKeysetPage({ list, table, query, scope: spec.scope(scope), scopeBinding: scopeBinding(scope), find, present });
  };
}
