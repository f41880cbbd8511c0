// Tracing as the rest of the code sees it: spans, and the W3C trace context that travels with
// an event and its outbox rows (the trace_parent columns). Off unless lib/tracing/start-tracing.ts
// turned it on (OTEL_EXPORTER_OTLP_ENDPOINT: docs/operations.md, "Traces"); off, every function
// here returns at its first line, so the hot path pays a boolean test: no span objects, no
// context switches, no SDK loaded (only this file's import of the small @opentelemetry/api).
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  type TimeInput,
  trace,
} from "@opentelemetry/api";

const TRACER = "payment-integrations-console";
const g = globalThis as unknown as { __pic_tracing?: boolean };

/** Whether spans are recorded (set once, by startTracing). */
export function tracingOn(): boolean {
  return g.__pic_tracing === true;
}

/** Called by startTracing once its provider is registered (and by its shutdown). */
export function setTracingOn(on: boolean): void {
  g.__pic_tracing = on;
}

export type { Context, Span, SpanContext };
export { SpanKind };

type SpanOptions = { kind?: SpanKind; attributes?: Attributes; links?: Link[]; parent?: Context; root?: boolean };

/**
 * Runs `work` inside a span (its children nest under it); the span ends when `work` settles and
 * records its error. With tracing off: `work(undefined)`, nothing else.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!tracingOn()) return work(undefined);
  const parent = options.parent ?? context.active();
  const span = trace
    .getTracer(TRACER)
    .startSpan(
      name,
      { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links, root: options.root },
      parent,
    );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span started now and ended by the caller (a wait that outlives one function); undefined when off. */
export function startSpan(name: string, options: SpanOptions & { startTime?: TimeInput } = {}): Span | undefined {
  if (!tracingOn()) return undefined;
  return trace.getTracer(TRACER).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: options.attributes,
      links: options.links,
      startTime: options.startTime,
      root: options.root,
    },
    options.parent ?? context.active(),
  );
}

/** The span context of the active span, for a link; undefined when off or outside any span. */
export function activeSpanContext(): SpanContext | undefined {
  if (!tracingOn()) return undefined;
  const span = trace.getActiveSpan();
  return span?.spanContext();
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The W3C traceparent of a span context: what the trace_parent columns and outbound webhooks carry. */
function traceparentOf(spanContext: SpanContext | undefined): string | null {
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return null;
  return `00-${spanContext.traceId}-${spanContext.spanId}-${spanContext.traceFlags.toString(16).padStart(2, "0")}`;
}

/** The traceparent of the active span; null when off or outside any span. */
export function activeTraceparent(): string | null {
  return tracingOn() ? traceparentOf(trace.getActiveSpan()?.spanContext()) : null;
}

/** The span context a stored traceparent names (remote: it may come from another instance); undefined if malformed. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return undefined;
  const spanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16), isRemote: true };
  return trace.isSpanContextValid(spanContext) ? spanContext : undefined;
}

/** A context whose parent is the stored traceparent (a new root when there is none). */
export function contextOf(traceparent: string | null | undefined): Context {
  const spanContext = spanContextOf(traceparent);
  return spanContext ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : ROOT_CONTEXT;
}

const QUIET = createContextKey("pic quiet: no statement spans");

/**
 * Runs `work` with no statement spans (lib/db/db-span.ts): for the background loops' polls,
 * which would otherwise make a trace of every empty poll, several a second; they record their
 * spans afterwards (recordSpan) when the poll found work.
 */
export function quietly<T>(work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  return context.with(context.active().setValue(QUIET, true), work);
}

/** Whether statements are run quietly (see quietly). */
export function isQuiet(): boolean {
  return context.active().getValue(QUIET) === true;
}

/**
 * A span of work already done (from startTime to endTime), recorded after the fact: a poll's
 * batch, known to be worth a span only once it returned rows. Returns its context (for children
 * and links); undefined when off.
 */
export function recordSpan(
  name: string,
  options: SpanOptions & { startTime: TimeInput; endTime: TimeInput },
): SpanContext | undefined {
  const span = startSpan(name, options);
  span?.end(options.endTime);
  return span?.spanContext();
}

/** A context whose parent is the given span context (for recordSpan's children). */
export function contextUnder(spanContext: SpanContext): Context {
  return trace.setSpanContext(ROOT_CONTEXT, spanContext);
}

/**
 * Where a request's span goes: under the span already active (Next.js's own server span, which
 * continued the caller's traceparent), else under the request's traceparent header.
 */
export function requestParent(headers: Headers): { parent: Context; kind: SpanKind } {
  if (trace.getActiveSpan()) return { parent: context.active(), kind: SpanKind.INTERNAL };
  return { parent: contextOf(headers.get("traceparent")), kind: SpanKind.SERVER };
}
