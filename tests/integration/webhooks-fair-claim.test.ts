// Fair delivery (the noisy neighbour): a merchant whose endpoints accept and never answer holds at
// most its share of the delivery worker's slots while another merchant has deliveries due, and
// the other merchant's deliveries go out at once (before the hanging attempts end). The claim
// takes endpoints in turns. A database of its own: the claim sees every due delivery, and other
// files' deliveries would take slots.
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { runOnOwnDatabase } from "../support/own-database";
import { until } from "../support/webhook-receiver";
import { endedAfterEach, processedEvents, registerEndpoint } from "../support/webhook-test-kit";

// 16 slots, 2 per endpoint, 4 per merchant while another waits (so 12 for a merchant alone). The
// hanging attempts outlast the test (the receiver's close ends them); the circuit never opens.
await vi.hoisted(async () =>
  (await import("../support/webhook-settings")).applySlotSettings({
    WEBHOOK_TIMEOUT_MS: "60000",
    WEBHOOK_MERCHANT_CONCURRENCY: "4",
    WEBHOOK_CIRCUIT_THRESHOLD: "1000",
  }),
);

runOnOwnDatabase("pic_webhooks_fair");

const tokens = tokensOf("operator", "ingest");
const { receiver, worker: startWorker } = endedAfterEach();

async function merchantWithEndpoints(url: string, count: number) {
  const m = await insertCredential({ merchantName: "Fairness merchant" });
  const endpoints: { id: string; secret: string }[] = [];
  for (let i = 0; i < count; i++) endpoints.push(await registerEndpoint(tokens.operator, m.merchantId, url));
  return { ...m, endpoints };
}

describe("fair delivery", () => {
  it("keeps a merchant whose endpoints never answer to its share while another merchant's deliveries go out", async () => {
    const hang = await receiver(() => "hang");
    const a = await merchantWithEndpoints(hang.url, 8);
    // One batch per event: each event's deliveries are due milliseconds after the previous one's.
    for (let i = 0; i < 10; i++) await processedEvents(tokens.ingest, a, 1);
    const worker = startWorker();

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
    await processedEvents(tokens.ingest, b, 6);
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
