// Database spans for the statements that go through sql() and readSql() (lib/db/client.ts): the
// hot path's statements, each named (the prepared statement's name is the span's). Prisma's own
// queries (authentication, administration) have none: its instrumentation would load with it
// whether tracing is on or not.
import type { SqlQuery } from "@/lib/db/adapter";
import { inSpan, isQuiet, SpanKind, tracingOn } from "@/lib/tracing/trace";

/** `query`, with a CLIENT span around each statement when tracing is on; `query` itself when off. */
export function tracedQuery(query: SqlQuery): SqlQuery {
  return (statement) => {
    if (!tracingOn() || isQuiet()) return query(statement);
    const name = statement.name ?? "sql";
    return inSpan(
      `db ${name}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "db.system.name": "postgresql",
          "db.operation.name": name,
          "db.query.text": statement.text.length > 2048 ? `${statement.text.slice(0, 2048)}…` : statement.text,
        },
      },
      async (span) => {
        const rows = await query(statement);
        span?.setAttribute("db.response.returned_rows", rows.length);
        return rows;
      },
    );
  };
}
