// The WHERE conditions of an events filter, shared by the list and the CSV export so that both
// always select the same events. The selective filters (status, merchant, terminal, last 4, the
// acquirer's MID and TID, serial number, tax id) have a (column, created_at, id) index; the ones
// with a handful of values walk (created_at, id).
import "server-only";
import type { ListEventsQuery } from "@/lib/events/list-query";
import { type Position, type SortDirection, sqlAfter } from "@/lib/paging/keyset-page";
import { createdAtRange } from "@/lib/validation/created-at-range";

export type EventFilterQuery = Omit<ListEventsQuery, "cursor" | "limit" | "order_by" | "sort">;

// Expressions with an index of their own (migration *_partner_identifier_indexes): the same text here.
const SERIAL_NUMBER = "(e.data->>'terminalSerialNumber')";
const TAX_ID = "upper(regexp_replace(e.data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g'))";

/** Binds a value as the next positional parameter ($n, with an optional cast) and returns its placeholder. */
type Bind = (value: unknown, cast?: string) => string;

function eventFilterConditions(query: EventFilterQuery, bind: Bind): string[] {
  const where: string[] = [];
  if (query.status)
    where.push(
      query.status.length === 1 ? `e.status = ${bind(query.status[0])}` : `e.status = ANY(${bind(query.status, "::text[]")})`,
    );
  if (query.type) where.push(`e.type = ${bind(query.type)}`);
  if (query.merchant_id) where.push(`e.merchant_id = ${bind(query.merchant_id)}`);
  if (query.terminal_id) where.push(`e.terminal_id = ${bind(query.terminal_id)}`);
  if (query.acquirer_name) where.push(`e.acquirer_name = ${bind(query.acquirer_name)}`);
  if (query.transaction_status) where.push(`e.transaction_status = ${bind(query.transaction_status)}`);
  if (query.payment_method) where.push(`e.payment_method = ${bind(query.payment_method)}`);
  if (query.failure_reason) where.push(`e.failure_reason = ${bind(query.failure_reason)}`);
  if (query.acquirer_merchant_id) where.push(`e.acquirer_merchant_identifier = ${bind(query.acquirer_merchant_id)}`);
  if (query.acquirer_terminal_id) where.push(`e.acquirer_terminal_identifier = ${bind(query.acquirer_terminal_id)}`);
  if (query.terminal_serial_number) where.push(`${SERIAL_NUMBER} = ${bind(query.terminal_serial_number)}`);
  if (query.merchant_tax_id) where.push(`${TAX_ID} = ${bind(query.merchant_tax_id)}`);
  if (query.merchant_name) {
    // Few merchants, many events: the names pick merchant ids, whose index walks the events.
    const pattern = `%${query.merchant_name.replace(/[\\%_]/g, "\\$&")}%`;
    where.push(`e.merchant_id IN (SELECT m.id FROM merchants m WHERE m.name ILIKE ${bind(pattern)})`);
  }
  if (query.q) {
    const q = bind(query.q);
    where.push(
      `(e.id = ${q} OR e.authorization_code = ${q} OR e.retrieval_reference_number = ${q} OR e.card_last4 = ${q}` +
        ` OR e.acquirer_merchant_identifier = ${q} OR e.acquirer_terminal_identifier = ${q} OR ${SERIAL_NUMBER} = ${q})`,
    );
  }
  const { from, to } = createdAtRange(query);
  if (from) where.push(`e.created_at >= ${bind(from.toISOString(), "::timestamptz")}`);
  if (to) where.push(`e.created_at < ${bind(to.toISOString(), "::timestamptz")}`);
  return where;
}

/**
 * A walk through the filter's events in keyset order, continuing after a position: the WHERE
 * clause (empty when nothing filters), its values ($1, $2...) and the ORDER BY terms. The list
 * and the CSV export both walk with it.
 */
export function eventKeysetWalk(
  query: EventFilterQuery & { sort: SortDirection },
  after: Position | undefined,
): { where: string; values: unknown[]; order: string } {
  const values: unknown[] = [];
  const bind: Bind = (value, cast = "") => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const conditions = eventFilterConditions(query, bind);
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
