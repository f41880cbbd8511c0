// The spans of a processing statement (process-events.ts). One statement decides many events,
// each with its own trace (the notification's, kept in events.trace_parent), so the statement's
// span belongs to none of them: it is the batch's (the worker's poll: lib/tracing/poll-spans.ts),
// and each event gets an `event.process` span in its own trace, as long as the statement, linked
// back to the batch.
import { tracedPoll } from "@/lib/tracing/poll-spans";
import { activeSpanContext, contextOf, recordSpan, type SpanContext, tracingOn } from "@/lib/tracing/trace";

type Decision = { id: string; status: string; failureReason: string | null; traceParent?: string | null };

function eventSpans(decisions: Decision[], batch: SpanContext | undefined, startTime: number, endTime: number): void {
  for (const d of decisions) {
    if (!d.traceParent) continue;
    recordSpan("event.process", {
      parent: contextOf(d.traceParent),
      startTime,
      endTime,
      links: batch ? [{ context: batch }] : [],
      attributes: {
        "event.id": d.id,
        "event.status": d.status,
        ...(d.failureReason ? { "event.failure_reason": d.failureReason } : {}),
      },
    });
  }
}

/**
 * Runs a processing statement (`statement`: its name) traced. poll: the worker's, recorded only
 * when it decided something, as the root of a trace of its own; otherwise (an operator's retry)
 * the statement's span is a child of the request's.
 */
export async function tracedProcessing<D extends Decision>(
  statement: string,
  run: () => Promise<D[]>,
  options: { poll: boolean },
): Promise<D[]> {
  if (!tracingOn()) return run();
  const startTime = Date.now();
  if (!options.poll) {
    const decisions = await run();
    eventSpans(decisions, activeSpanContext(), startTime, Date.now());
    return decisions;
  }
  const poll = await tracedPoll("events.process", statement, run);
  eventSpans(poll.rows, poll.batch, poll.startTime, poll.endTime);
  return poll.rows;
}
