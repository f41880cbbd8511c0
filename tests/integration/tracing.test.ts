// One trace follows a notification from its POST through processing to each
// delivery attempt, with database spans, recorded by the SDK's in-memory exporter. The real route
// handlers, the real delivery worker and a real node:http receiver; the provider is the one the
// server registers (lib/tracing/start-tracing.ts), given an in-memory exporter instead of OTLP.
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { startTracing, type TracingHandle } from "@/lib/tracing/start-tracing";
import { setTracingOn } from "@/lib/tracing/trace";
import { DeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { startReceiver, until } from "../support/webhook-receiver";

vi.hoisted(() => {
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
    // Turns tracing on in the configuration (nothing listens there: the test's exporter is in memory).
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
  });
});

const exporter = new InMemorySpanExporter();
let tracing: TracingHandle;
let operator: string;
let ingester: string;

beforeAll(async () => {
  tracing = startTracing(env().tracing!, new SimpleSpanProcessor({ exporter }));
  operator = (await userWithTokens("operator")).accessToken;
  ingester = (await userWithTokens("ingest")).accessToken;
});
afterAll(() => tracing.shutdown());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A merchant with a credential and an endpoint on a fresh receiver, and a delivery worker. */
async function merchantWithEndpoint() {
  const credential = await insertCredential({ merchantName: "Traced merchant" });
  const receiver = await startReceiver();
  cleanups.push(receiver.close);
  const res = await call(createEndpoint, "/v1/webhook-endpoints", {
    token: operator,
    body: { merchantId: credential.merchantId, url: receiver.url },
  });
  expect(res.status).toBe(201);
  const worker = new DeliveryWorker();
  worker.start();
  cleanups.push(() => worker.stop());
  return { credential, receiver };
}

const spans = () => exporter.getFinishedSpans();
const named = (name: string, traceId?: string) =>
  spans().filter((s) => s.name === name && (traceId === undefined || s.spanContext().traceId === traceId));
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const one = (found: ReadableSpan[], what: string) => {
  expect(found, what).toHaveLength(1);
  return found[0]!;
};
/** The one span of that name `span` links to: a group's or a batch's, in a trace of its own. */
const linkedFrom = (span: ReadableSpan, name: string, what: string) =>
  one(
    named(name).filter((s) => span.links.some((l) => l.context.spanId === s.spanContext().spanId)),
    what,
  );

async function post(mid: string, tid: string, headers: Record<string, string> = {}) {
  const res = await call(ingest, "/v1/webhooks/events", {
    token: ingester,
    headers,
    body: cardEventData({ acquirerMerchantIdentifier: mid, acquirerTerminalIdentifier: tid }),
  });
  expect(res.status).toBe(202);
  return res.json.id as string;
}

/** The POST's span of the event (its event.ingest span names the id), and the trace's id. */
function traceOf(eventId: string) {
  const ingestSpan = one(
    named("event.ingest").filter((s) => s.attributes["event.id"] === eventId),
    "event.ingest",
  );
  const traceId = ingestSpan.spanContext().traceId;
  const request = one(named("POST /v1/webhooks/events", traceId), "the request's span");
  return { traceId, ingestSpan, request };
}

describe("tracing a notification", () => {
  it("follows the POST, its processing and its delivery attempt in one trace, with database spans", async () => {
    const { credential, receiver } = await merchantWithEndpoint();
    const eventId = await post(credential.mid, credential.tid);
    await until(() => named("webhook.deliver").some((s) => deliveryOf(s, eventId)));

    const { traceId, ingestSpan, request } = traceOf(eventId);
    expect(parentOf(request)).toBeUndefined();
    expect(request.attributes["http.response.status_code"]).toBe(202);
    expect(parentOf(ingestSpan)).toBe(request.spanContext().spanId);
    // Processing: decided by the statement that stored it (on arrival).
    expect(ingestSpan.attributes["event.status"]).toBe("processed");

    // The request's share of the group statement: a database span of this trace, linked to the
    // group's span, whose own trace holds the statement.
    const store = one(named("events_insert (grouped)", traceId), "the grouped insert");
    expect(parentOf(store)).toBe(ingestSpan.spanContext().spanId);
    expect(store.attributes["db.system.name"]).toBe("postgresql");
    const group = linkedFrom(store, "group commit events_insert", "the group's span");
    expect(group.links.map((l) => l.context.spanId)).toContain(store.spanContext().spanId);
    expect(named("db events_insert_bodies", group.spanContext().traceId).map(parentOf)).toContain(group.spanContext().spanId);

    // The delivery attempt: in the notification's trace, under the span the event kept.
    const attempt = one(named("webhook.deliver", traceId), "the delivery attempt");
    expect(parentOf(attempt)).toBe(ingestSpan.spanContext().spanId);
    const http = one(named("POST", traceId), "the webhook's HTTP request");
    expect(parentOf(http)).toBe(attempt.spanContext().spanId);
    expect(http.attributes["http.response.status_code"]).toBe(200);
    const record = one(named("db webhooks_record_attempt", traceId), "the attempt's record");
    expect(parentOf(record)).toBe(attempt.spanContext().spanId);
    expect(record.attributes["db.system.name"]).toBe("postgresql");

    // What travels: the event row and its delivery keep the traceparent, the receiver got the HTTP span's.
    // And the POST's own statements (its token's account) are spans of it too.
    expect(named("db access_token_account_status", traceId).map(parentOf)).toContain(request.spanContext().spanId);
    const ingestParent = `00-${traceId}-${ingestSpan.spanContext().spanId}-01`;
    expect((await db().event.findFirstOrThrow({ where: { id: eventId } })).traceParent).toBe(ingestParent);
    expect((await db().webhookDelivery.findFirstOrThrow({ where: { eventId } })).traceParent).toBe(ingestParent);
    expect(receiver.received[0]!.headers.traceparent).toBe(`00-${traceId}-${http.spanContext().spanId}-01`);
    expect(receiver.received[0]!.headers.tracestate).toBeUndefined();
  });

  it("continues the caller's trace when the POST carries a traceparent", async () => {
    const { credential } = await merchantWithEndpoint();
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const eventId = await post(credential.mid, credential.tid, { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` });
    const { traceId, request } = traceOf(eventId);
    expect(traceId).toBe(callerTrace);
    expect(parentOf(request)).toBe("00f067aa0ba902b7");
    await until(() => named("webhook.deliver", traceId).length === 1);
  });

  it("keeps each request's trace when concurrent POSTs share one statement, linked to it", async () => {
    const { credential, receiver } = await merchantWithEndpoint();
    const ids = await Promise.all(Array.from({ length: 6 }, () => post(credential.mid, credential.tid)));
    const traces = ids.map(traceOf);
    expect(new Set(traces.map((t) => t.traceId)).size).toBe(6);
    const stores = traces.map((t) => one(named("events_insert (grouped)", t.traceId), "the grouped insert"));
    // The first POST's statement starts at once; those that arrive meanwhile go together.
    const groups = named("group commit events_insert").filter((g) =>
      g.links.some((l) => stores.some((s) => s.spanContext().spanId === l.context.spanId)),
    );
    expect(Math.max(...groups.map((g) => Number(g.attributes["db.operation.batch.size"])))).toBeGreaterThan(1);
    for (const store of stores) {
      const group = groups.find((g) => store.links.some((l) => l.context.spanId === g.spanContext().spanId));
      expect(group?.links.map((l) => l.context.spanId)).toContain(store.spanContext().spanId);
      expect(store.attributes["db.operation.batch.size"]).toBe(group?.attributes["db.operation.batch.size"]);
    }
    await until(() => receiver.received.length === 6);
    await until(() => traces.every((t) => named("webhook.deliver", t.traceId).length === 1));
  });

  it("puts the worker's processing of a pending event in the notification's trace, linked to the worker's batch", async () => {
    // Stored without a credential (failed), then made pending again with a credential to match:
    // the worker's statement decides it.
    const { credential, receiver } = await merchantWithEndpoint();
    const eventId = await post("M-unknown-yet", credential.tid);
    await db()
      .$executeRaw`UPDATE events SET status = 'pending', acquirer_merchant_identifier = ${credential.mid} WHERE id = ${eventId}`;
    const { traceId, ingestSpan } = traceOf(eventId);
    expect(ingestSpan.attributes["event.status"]).toBe("failed");
    while ((await processPendingEvents()).length > 0) {}

    const processing = one(named("event.process", traceId), "the event's processing");
    expect(parentOf(processing)).toBe(ingestSpan.spanContext().spanId);
    expect(processing.attributes["event.status"]).toBe("processed");
    const batch = linkedFrom(processing, "events.process", "the worker's batch");
    expect(batch.links.map((l) => l.context.traceId)).toContain(traceId);
    expect(named("db events_process_pending", batch.spanContext().traceId).map(parentOf)).toContain(batch.spanContext().spanId);

    await until(() => receiver.received.length === 1 && named("webhook.deliver", traceId).length === 1);
    expect(receiver.received[0]!.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-`));
  });

  it("records nothing and sends no traceparent with tracing off", async () => {
    const { credential, receiver } = await merchantWithEndpoint();
    setTracingOn(false);
    try {
      const before = spans().length;
      const eventId = await post(credential.mid, credential.tid);
      await until(() => receiver.received.length === 1);
      await until(async () => (await db().webhookDelivery.findFirstOrThrow({ where: { eventId } })).status === "succeeded");
      expect(spans().length).toBe(before);
      expect(receiver.received[0]!.headers.traceparent).toBeUndefined();
      expect((await db().event.findFirstOrThrow({ where: { id: eventId } })).traceParent).toBeNull();
    } finally {
      setTracingOn(true);
    }
  });
});

/** Whether an attempt span is the delivery of this event (by its trace: the event's). */
function deliveryOf(attempt: ReadableSpan, eventId: string): boolean {
  const ingestSpan = named("event.ingest").find((s) => s.attributes["event.id"] === eventId);
  return ingestSpan !== undefined && attempt.spanContext().traceId === ingestSpan.spanContext().traceId;
}
