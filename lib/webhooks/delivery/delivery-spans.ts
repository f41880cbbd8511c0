// The spans of webhook delivery. A claim takes many deliveries in one statement, polled several
// times a second (lib/tracing/poll-spans.ts). Each attempt is a span in the notification's trace
// (the delivery row's trace_parent, copied from the event's by the outbox), linked to its claim,
// holding the HTTP request's span and the statement that records the attempt.
//
// The request carries a W3C `traceparent` header (the HTTP span's), so a receiver that traces
// can continue the trace; never `tracestate` or `baggage`, which may hold what the notification's
// sender put there for its own systems (docs/operations.md, "Traces").
import { tracedPoll } from "@/lib/tracing/poll-spans";
import { activeTraceparent, contextOf, inSpan, type SpanContext, SpanKind, tracingOn } from "@/lib/tracing/trace";

type Claimed = { id: string; traceParent: string | null; claimedIn?: SpanContext };

/** Runs a claim statement as a traced poll; marks each delivery it took with the claim's span. */
export async function tracedClaim<D extends Claimed>(statement: string, run: () => Promise<D[]>): Promise<D[]> {
  if (!tracingOn()) return run();
  const { rows, batch } = await tracedPoll("webhooks.claim", statement, run);
  for (const d of rows) d.claimedIn = batch;
  return rows;
}

/** One attempt of a delivery, as a span in its notification's trace. */
export function inAttemptSpan<T>(
  delivery: Claimed & { endpointId: string; attemptCount: number },
  work: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return work();
  return inSpan(
    "webhook.deliver",
    {
      parent: contextOf(delivery.traceParent),
      links: delivery.claimedIn ? [{ context: delivery.claimedIn }] : [],
      attributes: {
        "webhook.delivery.id": delivery.id,
        "webhook.endpoint.id": delivery.endpointId,
        "webhook.attempt": delivery.attemptCount,
      },
    },
    work,
  );
}

/**
 * The HTTP request of an attempt: a CLIENT span (the host and port only: an endpoint's path or
 * query may hold its owner's secret), and the headers to add (traceparent), none when off.
 */
export function inRequestSpan<T extends { statusCode: number | null; errorClass: string | null }>(
  url: string,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return send({});
  const { hostname, port, protocol } = new URL(url);
  return inSpan(
    "POST",
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "http.request.method": "POST",
        "server.address": hostname,
        "server.port": Number(port) || (protocol === "https:" ? 443 : 80),
      },
    },
    async (span) => {
      const traceparent = activeTraceparent();
      const outcome = await send(traceparent ? { traceparent } : {});
      if (outcome.statusCode !== null) span?.setAttribute("http.response.status_code", outcome.statusCode);
      if (outcome.errorClass) span?.setAttribute("error.type", outcome.errorClass);
      return outcome;
    },
  );
}
