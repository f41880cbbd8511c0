// The WHERE conditions of an events filter, derived from the filter table (event-filter-table.ts,
// its order) and each filter's condition (event-filter-sql.ts, which says which have an index),
// and shared by the list, the CSV export, the count and bulk retry so that all select the same events.
import "server-only";
import { ownerCondition, type TenantScope } from "@/lib/access/tenant-scope";
import { statementName } from "@/lib/db/statement-name";
import { codesOfClass, type DeclineClass, KNOWN_RESPONSE_CODES } from "@/lib/declines/abecs-codes";
import { EVENT_FILTER_SQL, type SqlCondition } from "@/lib/events/list/event-filter-sql";
import { EVENT_FILTER_TABLE } from "@/lib/events/list/event-filter-table";
import type { ListEventsQuery } from "@/lib/events/list/list-query";
import { type Position, type SortDirection, sqlAfter } from "@/lib/paging/keyset-page";
import { foldText } from "@/lib/search/fold-text";
import { createdAtRange } from "@/lib/validation/created-at-range";

export type EventFilterQuery = Omit<ListEventsQuery, "cursor" | "limit" | "order_by" | "sort">;

/** Binds a value as the next positional parameter ($n, with an optional cast) and returns its placeholder. */
type Bind = (value: unknown, cast?: string) => string;

/** The condition one filter of the table adds for its value. */
function conditionOf(where: SqlCondition, value: unknown, bind: Bind, scope: TenantScope): string | undefined {
  if ("period" in where) return undefined;
  if ("equals" in where) {
    // A set of statuses: one value compares, several take ANY (a plan per shape, not per count).
    if (Array.isArray(value)) {
      return value.length === 1 ? `${where.equals} = ${bind(value[0])}` : `${where.equals} = ANY(${bind(value, "::text[]")})`;
    }
    return `${where.equals} = ${bind(value)}`;
  }
  if ("nameContains" in where) {
    // Few merchants, many events: the names pick merchant ids, whose index walks the events. The
    // name is compared folded (merchants.search_name: no accents, lower case) with the folded text.
    // A merchant account's names are its own merchant's only: an event it owns may name another
    // merchant, and matching that merchant's name would answer, a letter at a time, what its
    // registered name is.
    const pattern = `%${foldText(String(value)).replace(/[\\%_]/g, "\\$&")}%`;
    const own = scope.merchantId ? ` AND m.id = ${bind(scope.merchantId)}` : "";
    return `e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.search_name LIKE ${bind(pattern)}${own})`;
  }
  if ("startsWith" in where) {
    const [low, high] = prefixRange(String(value));
    return `${where.startsWith} >= ${bind(low)} AND ${where.startsWith} < ${bind(high)}`;
  }
  if ("contains" in where) return `strpos(lower(${where.contains}), ${bind(String(value).toLowerCase())}) > 0`;
  if ("search" in where) {
    const exact = bind(value);
    const [low, high] = prefixRange(String(value)).map((bound) => bind(bound));
    return `(${[
      ...where.search.equals.map((expression) => `${expression} = ${exact}`),
      ...where.search.startsWith.map((expression) => `(${expression} >= ${low} AND ${expression} < ${high})`),
    ].join(" OR ")})`;
  }
  // A decline of the class: a denied transaction whose code the ABECS table puts in it
  // (lib/declines/abecs-codes.ts). The table's codes are written into the text, not bound: they
  // are the code's constants, one statement per class, and its plan is made knowing them (a
  // generic plan's guess at a bound list walked every event of the period for a rare class).
  const code = where.declineClass;
  const denied = "e.transaction_status = 'denied'";
  if ((value as DeclineClass) !== "unknown") {
    return `(${denied} AND ${code} IN (${codesOfClass(value as DeclineClass)
      .map(codeLiteral)
      .join(", ")}))`;
  }
  // Unknown: a code the table lacks, or none. Said as the ranges between the table's codes (in
  // byte order, the expression's) and NULL, each a range of the declines' code index, so that
  // only the matches are read; "NOT IN the table" would read every decline of the period. The
  // approval's 00 is the table's too, so a decline that carries it is of no class: a range
  // holding 00 is estimated as most of the table, and unknown would walk all of it.
  const known = [...KNOWN_RESPONSE_CODES].sort().map(codeLiteral);
  const ranges = known.map((low, i) => (i === 0 ? `${code} < ${low}` : `(${code} > ${known[i - 1]} AND ${code} < ${low})`));
  return `(${denied} AND (${[`${code} IS NULL`, ...ranges, `${code} > ${known.at(-1)}`].join(" OR ")}))`;
}

/** A response code of the ABECS table as an SQL literal (only letters and digits ever reach the text). */
function codeLiteral(code: string): string {
  if (!/^[0-9A-Z]{1,4}$/.test(code)) throw new Error(`not a response code of the table: ${code}`);
  return `'${code}'`;
}

/**
 * The texts that begin with `text` in any case, as a range of upper-cased texts in byte order
 * (the expressions are upper(...) COLLATE "C"): [TEXT, TEXT followed by the highest code point).
 * Only ASCII letters are upper-cased: identifiers are ASCII, and JavaScript's and PostgreSQL's
 * rules differ beyond it. A range rather than LIKE: a prepared statement's generic plan reads a
 * range from the index as well, where LIKE $1 would need the pattern at planning time.
 */
function prefixRange(text: string): [string, string] {
  const upper = text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  return [upper, `${upper}\u{10FFFF}`];
}

function eventFilterConditions(query: EventFilterQuery, bind: Bind, scope: TenantScope): string[] {
  const where: string[] = [];
  for (const filter of EVENT_FILTER_TABLE) {
    const value = query[filter.name];
    if (!value) continue;
    const condition = conditionOf(EVENT_FILTER_SQL[filter.name], value, bind, scope);
    if (condition) where.push(condition);
  }
  // The created_at bounds are one range, written last.
  const { from, to } = createdAtRange(query);
  if (from) where.push(`e.created_at >= ${bind(from.toISOString(), "::timestamptz")}`);
  if (to) where.push(`e.created_at < ${bind(to.toISOString(), "::timestamptz")}`);
  return where;
}

/**
 * A walk through the filter's events in keyset order, continuing after a position: the WHERE
 * clause (empty when nothing filters), its values ($1, $2...) and the ORDER BY terms. The list
 * and the CSV export both walk with it. `scope`: the caller's merchants (lib/access/tenant-scope.ts),
 * the first condition, so a merchant account's walk is its own events' index
 * (owner_merchant_id, created_at, id) and never sees another's.
 */
export function eventKeysetWalk(
  query: EventFilterQuery & { sort: SortDirection },
  after: Position | undefined,
  scope: TenantScope,
): { where: string; values: unknown[]; order: string } {
  const values: unknown[] = [];
  const bind: Bind = (value, cast = "") => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const owner = ownerCondition(scope, bind);
  const conditions = [...(owner ? [owner] : []), ...eventFilterConditions(query, bind, scope)];
  if (after) conditions.push(sqlAfter(after, query.sort, bind));
  const direction = query.sort === "desc" ? "DESC" : "ASC";
  return {
    where: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "",
    values,
    order: `e.created_at ${direction}, e.id ${direction}`,
  };
}

/**
 * A page or batch size written into the SQL text instead of bound as a parameter. PostgreSQL
 * plans `LIMIT $n` as if it returned a tenth of the table, so the generic plan of a prepared
 * statement with one looks far dearer than its custom plans and is never chosen: the statement
 * is planned again on every execution. With the number in the text, it is planned once per
 * connection. Only integers reach the text; anything else is a bug in the caller.
 */
export function literalLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`not a row count: ${rows}`);
  return String(rows);
}

/** The filters whose best plan depends on the value: a beginning (rare or common) or a part of a name or type. */
const PLANNED_PER_VALUE = EVENT_FILTER_TABLE.map((filter) => filter.name).filter((name) => {
  const where: SqlCondition = EVENT_FILTER_SQL[name];
  return "startsWith" in where || "search" in where || "nameContains" in where;
});

/**
 * The prepared statement's name for a walk of `query` (statementName), or none when a filter's
 * value decides the plan: a beginning shared by three events reads them from its index, one
 * shared by half the table walks (created_at, id) instead, and a named statement's generic plan
 * would serve both with one. Unnamed, PostgreSQL plans each execution for its values (about a
 * millisecond; docs/benchmarks.md, "Search").
 */
export function eventStatementName(prefix: string, text: string, query: EventFilterQuery): string | undefined {
  return isSearch(query) ? undefined : statementName(prefix, text);
}

/** Whether the query searches (a beginning, a name): its matches are found by an index and sorted, not walked in order. */
export function isSearch(query: EventFilterQuery): boolean {
  return PLANNED_PER_VALUE.some((name) => query[name] !== undefined);
}
