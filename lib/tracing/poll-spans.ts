// The spans of a background loop's poll: one statement that takes a batch of rows (events to
// decide, deliveries to attempt), each row of its own trace (its trace_parent). Polls run several
// times a second, mostly empty: the statement runs quietly, and only a poll that took rows is
// recorded, after the fact, as the root of a trace of its own (the batch belongs to none of its
// rows' traces) linked to each row's trace, with the statement's span under it.
import { contextUnder, quietly, recordSpan, type SpanContext, SpanKind, spanContextOf } from "@/lib/tracing/trace";

type Row = { traceParent?: string | null };

export type Poll<R> = { rows: R[]; batch: SpanContext | undefined; startTime: number; endTime: number };

/** Runs `run` (the statement named `statement`) as a traced poll; call only with tracing on. */
export async function tracedPoll<R extends Row>(name: string, statement: string, run: () => Promise<R[]>): Promise<Poll<R>> {
  const startTime = Date.now();
  const rows = await quietly(run);
  const endTime = Date.now();
  if (rows.length === 0) return { rows, batch: undefined, startTime, endTime };
  const links = rows.flatMap((row) => {
    const context = spanContextOf(row.traceParent);
    return context ? [{ context }] : [];
  });
  const batch = recordSpan(name, { root: true, startTime, endTime, links, attributes: { "batch.size": rows.length } });
  if (batch) {
    recordSpan(`db ${statement}`, {
      parent: contextUnder(batch),
      kind: SpanKind.CLIENT,
      startTime,
      endTime,
      attributes: { "db.system.name": "postgresql", "db.operation.name": statement, "db.response.returned_rows": rows.length },
    });
  }
  return { rows, batch, startTime, endTime };
}
