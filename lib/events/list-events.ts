// GET /v1/webhooks/events: keyset pages over (created_at, id) with every filter of product.md.
// One prepared SQL statement per page (named by its text, so each filter combination is planned
// once per connection); equality filters each have a (column, created_at, id) index; each
// event's JSON is read ready-made from events.body and passed through as text.
import "server-only";
import { createHash } from "node:crypto";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { sql as runSql } from "@/lib/db/client";
import { createdAtRange, type ListEventsQuery } from "@/lib/events/list-query";
import { cursorBinding, decodeCursor, type PageMetadata, toPage } from "@/lib/http/pagination";

type Row = { created_at: Date; id: string; body: string };

/** Lists events; returns the page envelope as JSON text, ready to send. */
export async function listEvents(options: { caller: Caller; query: ListEventsQuery }): Promise<string> {
  requirePermission(options.caller, "read");
  const { cursor, limit, sort, order_by: _orderBy, ...filters } = options.query;
  const binding = cursorBinding("events", { ...filters, sort });
  const after = cursor ? decodeCursor(cursor, binding) : undefined;

  const params: unknown[] = [];
  const where: string[] = [];
  const bind = (value: unknown, cast = "") => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  if (filters.status)
    where.push(
      filters.status.length === 1
        ? `e.status = ${bind(filters.status[0])}`
        : `e.status = ANY(${bind(filters.status, "::text[]")})`,
    );
  if (filters.type) where.push(`e.type = ${bind(filters.type)}`);
  if (filters.merchant_id) where.push(`e.merchant_id = ${bind(filters.merchant_id)}`);
  if (filters.terminal_id) where.push(`e.terminal_id = ${bind(filters.terminal_id)}`);
  if (filters.acquirer_name) where.push(`e.acquirer_name = ${bind(filters.acquirer_name)}`);
  if (filters.transaction_status) where.push(`e.transaction_status = ${bind(filters.transaction_status)}`);
  if (filters.payment_method) where.push(`e.payment_method = ${bind(filters.payment_method)}`);
  if (filters.q) {
    const q = bind(filters.q);
    where.push(`(e.id = ${q} OR e.authorization_code = ${q} OR e.retrieval_reference_number = ${q} OR e.card_last4 = ${q})`);
  }
  const { from, to } = createdAtRange(options.query);
  if (from) where.push(`e.created_at >= ${bind(from.toISOString(), "::timestamptz")}`);
  if (to) where.push(`e.created_at < ${bind(to.toISOString(), "::timestamptz")}`);
  if (after) {
    const op = sort === "desc" ? "<" : ">";
    where.push(`(e.created_at, e.id) ${op} (${bind(after.createdAt.toISOString(), "::timestamptz")}, ${bind(after.id)})`);
  }
  const direction = sort === "desc" ? "DESC" : "ASC";
  const text = `SELECT e.created_at, e.id, e.body FROM events e
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY e.created_at ${direction}, e.id ${direction} LIMIT ${bind(limit + 1, "::int")}`;
  const name = `events_list_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const rows = (await runSql({ name, text, values: params })) as Row[];

  const page = toPage(rows, {
    limit,
    binding,
    positionOf: (r) => ({ createdAt: r.created_at, id: r.id }),
    present: (r) => r.body,
  });
  return envelope(page.metadata, page.data);
}

function envelope(metadata: PageMetadata, jsonRows: string[]): string {
  return `{"metadata":${JSON.stringify(metadata)},"data":[${jsonRows.join(",")}]}`;
}
