// Fair delivery (issue 22, part 1): a merchant whose endpoints accept and never answer holds at
// most its share of the delivery worker's slots while another merchant has deliveries due, and
// the other merchant's deliveries go out at once (before the hanging attempts end). The claim
// takes endpoints in turns. A database of its own: the claim sees every due delivery, and other
// files' deliveries would take slots.
import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { db } from "@/lib/db/client";
import { DeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { runOnOwnDatabase } from "../support/own-database";
import { startReceiver, until } from "../support/webhook-receiver";

// 16 slots, 2 per endpoint, 4 per merchant while another waits (so 12 for a merchant alone). The
// hanging attempts outlast the test (the receiver's close ends them); the circuit never opens.
vi.hoisted(() => {
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
    WEBHOOK_RETRY_JITTER: "0",
    WEBHOOK_TIMEOUT_MS: "60000",
    WEBHOOK_WORKER_CONCURRENCY: "16",
    WEBHOOK_ENDPOINT_CONCURRENCY: "2",
    WEBHOOK_MERCHANT_CONCURRENCY: "4",
    WEBHOOK_CIRCUIT_THRESHOLD: "1000",
  });
});

runOnOwnDatabase("pic_webhooks_fair");

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

async function merchantWithEndpoints(url: string, count: number) {
  const m = await insertCredential({ merchantName: "Fairness merchant" });
  const endpoints: { id: string; secret: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(createEndpoint, "/v1/webhook-endpoints", { token: operator, body: { merchantId: m.merchantId, url } });
    expect(res.status).toBe(201);
    endpoints.push(res.json as { id: string; secret: string });
  }
  return { ...m, endpoints };
}

/** n events of the merchant, stored and decided (processed) by one batch: a delivery per endpoint each. */
async function processedEvents(m: { mid: string; tid: string }, n: number) {
  const events = Array.from({ length: n }, () =>
    cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  );
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token: ingester, body: { events } });
  expect(res.json.data.map((d: { status: string }) => d.status)).toEqual(Array(n).fill("processed"));
}

describe("fair delivery", () => {
  it("keeps a merchant whose endpoints never answer to its share while another merchant's deliveries go out", async () => {
    const hang = await receiver(() => "hang");
    const a = await merchantWithEndpoints(hang.url, 8);
    // One batch per event: each event's deliveries are due milliseconds after the previous one's.
    for (let i = 0; i < 10; i++) await processedEvents(a, 1);
    const worker = new DeliveryWorker();
    worker.start();
    cleanups.push(() => worker.stop());

    // Alone, A may take all but one share: 12 of 16 slots, in turns (every endpoint's oldest first).
    await until(() => hang.received.length >= 12);
    const perEndpoint = new Map<string, number>();
    const deliveries = await db().webhookDelivery.findMany({
      where: { id: { in: hang.received.map((r) => String(r.headers["webhook-id"]).slice(4)) } },
    });
    for (const d of deliveries) perEndpoint.set(d.endpointId, (perEndpoint.get(d.endpointId) ?? 0) + 1);
    expect(perEndpoint.size).toBe(8);
    expect(Math.max(...perEndpoint.values())).toBeLessThanOrEqual(2);
    // Each endpoint's claimed deliveries are its oldest due ones.
    for (const [endpointId, claimed] of perEndpoint) {
      const oldest = await db().webhookDelivery.findMany({
        where: { endpointId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: claimed,
      });
      expect(new Set(oldest.map((d) => d.id))).toEqual(
        new Set(deliveries.filter((d) => d.endpointId === endpointId).map((d) => d.id)),
      );
    }

    // B's deliveries all arrive, signed, while every one of A's attempts is still hanging.
    const fast = await receiver();
    const b = await merchantWithEndpoints(fast.url, 1);
    await processedEvents(b, 6);
    await until(() => fast.received.length >= 6);
    const wh = new Webhook(b.endpoints[0]!.secret);
    for (const request of fast.received)
      expect(() => wh.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    await until(
      async () => (await db().webhookDelivery.count({ where: { endpointId: b.endpoints[0]!.id, status: "succeeded" } })) === 6,
    );
    expect(await db().webhookDeliveryAttempt.count({ where: { endpointId: { in: a.endpoints.map((e) => e.id) } } })).toBe(0);
    // A, contended and over its share, was given no further slot.
    expect(hang.received.length).toBe(12);
    expect(worker.started).toBe(12 + 6);
  });
});
