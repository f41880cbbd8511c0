// A keyset page of a Prisma list filtered by its filter table (lib/paging/list-filter-table.ts):
// the cursor is bound to the filters' values, and the where is the filters' conditions AND the
// position AND the caller's scope (a tenant's, when it has one). Each list service is then its
// permission check, its model's findMany and its DTO.
import "server-only";
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
