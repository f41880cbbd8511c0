// The circuit breaker (issue 22, part 1): an endpoint whose attempts keep timing out is paused
// after WEBHOOK_CIRCUIT_THRESHOLD of them in a row, its deliveries left pending without spending
// attempts; after the cool-down exactly one attempt probes it; a failed probe reopens it for
// twice the cool-down, an answered one closes it and the rest go out. Opening and closing are
// audited; the endpoint's health shows the circuit. A database of its own: the claim sees every
// due delivery.
import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import { DeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { type ReceivedRequest, startReceiver, until } from "../support/webhook-receiver";

const COOLDOWN_MS = 400;
vi.hoisted(() => {
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
    WEBHOOK_RETRY_SCHEDULE: "0,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1",
    WEBHOOK_RETRY_JITTER: "0",
    WEBHOOK_TIMEOUT_MS: "300",
    WEBHOOK_WORKER_CONCURRENCY: "16",
    WEBHOOK_ENDPOINT_CONCURRENCY: "2",
    WEBHOOK_CIRCUIT_THRESHOLD: "3",
    WEBHOOK_CIRCUIT_COOLDOWN_MS: "400",
    WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: "1600",
  });
});

runOnOwnDatabase("pic_webhooks_circuit");

let operator: string;
let ingester: string;

beforeAll(async () => {
  operator = (await userWithTokens("operator")).accessToken;
  ingester = (await userWithTokens("ingest")).accessToken;
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  cleanups.push(r.close);
  return r;
}

async function merchantWithEndpoint(url: string) {
  const m = await insertCredential({ merchantName: "Circuit merchant" });
  const res = await call(createEndpoint, "/v1/webhook-endpoints", { token: operator, body: { merchantId: m.merchantId, url } });
  expect(res.status).toBe(201);
  return { ...m, endpoint: res.json as { id: string; secret: string } };
}

async function processedEvents(m: { mid: string; tid: string }, n: number) {
  const events = Array.from({ length: n }, () =>
    cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  );
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events } });
  expect(res.json.data.map((d: { status: string }) => d.status)).toEqual(Array(n).fill("processed"));
}

const endpointRow = (id: string) => db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
const attemptsOf = (endpointId: string) =>
  db().webhookDeliveryAttempt.findMany({ where: { endpointId }, orderBy: { startedAt: "asc" } });

describe("the circuit breaker", () => {
  it("opens after the threshold, probes once per cool-down, closes on an answer; audited", async () => {
    let answering = false;
    const answeredRequests: ReceivedRequest[] = [];
    const flaky = await receiver((request) => {
      if (!answering) return "hang";
      answeredRequests.push(request);
      return { status: 200 };
    });
    const a = await merchantWithEndpoint(flaky.url);
    await processedEvents(a, 5);
    const worker = new DeliveryWorker();
    worker.start();
    cleanups.push(() => worker.stop());

    // Three timeouts in a row open it, once.
    await until(async () => (await endpointRow(a.endpoint.id)).circuitOpenedAt !== null);
    const opened = await endpointRow(a.endpoint.id);
    const openedAt = opened.circuitOpenedAt!.getTime();
    expect(opened.circuitProbeAt!.getTime() - openedAt).toBeGreaterThanOrEqual(COOLDOWN_MS);
    const [openEntry, ...moreOpen] = await db().auditLogEntry.findMany({
      where: { targetId: a.endpoint.id, action: "webhook_endpoint.circuit_open" },
    });
    expect(moreOpen).toEqual([]);
    expect(openEntry).toMatchObject({ actorUsername: "system", before: { circuit: "closed" }, after: { circuit: "open" } });
    const seen = await call(getEndpoint, `/v1/webhook-endpoints/${a.endpoint.id}`, {
      token: operator,
      params: { id: a.endpoint.id },
    });
    expect(seen.json.health.circuit).toMatchObject({ state: "open", openedAt: opened.circuitOpenedAt!.toISOString() });

    // While it is open, another merchant's deliveries go out.
    const fast = await receiver();
    const b = await merchantWithEndpoint(fast.url);
    await processedEvents(b, 3);
    await until(() => fast.received.length >= 3);

    // The first probe: one attempt, no earlier than the cool-down; it times out and reopens the
    // circuit for twice as long. The deliveries stay pending, their attempts unspent. (An attempt
    // claimed just before the circuit opened may start just after: the window starts half a
    // cool-down later.)
    await until(async () => (await endpointRow(a.endpoint.id)).circuitFailedProbes === 1);
    const probeWindow = openedAt + COOLDOWN_MS / 2;
    const afterOpen = (await attemptsOf(a.endpoint.id)).filter((t) => t.startedAt.getTime() >= probeWindow);
    expect(afterOpen).toHaveLength(1);
    expect(afterOpen[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(openedAt + COOLDOWN_MS);
    const reopened = await endpointRow(a.endpoint.id);
    expect(reopened.circuitProbeAt!.getTime()).toBeGreaterThanOrEqual(afterOpen[0]!.startedAt.getTime() + 2 * COOLDOWN_MS);
    const pending = await db().webhookDelivery.findMany({ where: { endpointId: a.endpoint.id } });
    expect(pending.every((d) => d.status === "pending")).toBe(true);

    // The receiver answers again: the second probe closes the circuit and the rest are delivered.
    answering = true;
    await until(async () => (await endpointRow(a.endpoint.id)).circuitOpenedAt === null);
    const probes = (await attemptsOf(a.endpoint.id)).filter((t) => t.startedAt.getTime() >= probeWindow);
    expect(probes[1]!.startedAt.getTime()).toBeGreaterThanOrEqual(reopened.circuitProbeAt!.getTime());
    expect(probes[1]!.statusCode).toBe(200);
    await until(
      async () => (await db().webhookDelivery.count({ where: { endpointId: a.endpoint.id, status: "succeeded" } })) === 5,
    );
    const closeEntries = await db().auditLogEntry.findMany({
      where: { targetId: a.endpoint.id, action: "webhook_endpoint.circuit_close" },
    });
    expect(closeEntries).toHaveLength(1);
    expect(closeEntries[0]).toMatchObject({ actorUsername: "system", before: { circuit: "open", failedProbes: 1 } });
    const wh = new Webhook(a.endpoint.secret);
    // Every delivery answered (at least once: on the embedded PGlite a slow record can outlive the
    // short test lease, and the delivery is sent again).
    expect(new Set(answeredRequests.map((r) => r.headers["webhook-id"])).size).toBe(5);
    for (const request of answeredRequests)
      expect(() => wh.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    const healthy = await call(getEndpoint, `/v1/webhook-endpoints/${a.endpoint.id}`, {
      token: operator,
      params: { id: a.endpoint.id },
    });
    expect(healthy.json.health.circuit).toEqual({ state: "closed", openedAt: null, nextProbeAt: null, consecutiveStalls: 0 });
  });
});
