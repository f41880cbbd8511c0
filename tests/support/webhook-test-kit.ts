// What the outbound webhook tests share: receivers and delivery workers that end after each test,
// endpoints registered through the API, and a merchant's events stored already decided (a
// delivery per endpoint each). The settings those tests run under are in webhook-settings.ts.
import { afterEach, expect } from "vitest";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { DeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";
import { call } from "./api";
import { cardEventData } from "./event-data";
import { startReceiver } from "./webhook-receiver";

/** Receivers and delivery workers a test starts, closed and stopped after it (call at the top of the file). */
export function endedAfterEach() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return {
    async receiver(...args: Parameters<typeof startReceiver>) {
      const r = await startReceiver(...args);
      cleanups.push(r.close);
      return r;
    },
    worker() {
      const w = new DeliveryWorker();
      w.start();
      cleanups.push(() => w.stop());
      return w;
    },
  };
}

/** An endpoint of the merchant, registered by `token` (an operator's): its id and its secret. */
export async function registerEndpoint(token: string, merchantId: string, url: string, extra: Record<string, unknown> = {}) {
  const res = await call(createEndpoint, "/v1/webhook-endpoints", { token, body: { merchantId, url, ...extra } });
  expect(res.status).toBe(201);
  return res.json as { id: string; secret: string };
}

/** n events of the merchant's MID and TID, stored and decided (processed) by one batch ingested by `token`. */
export async function processedEvents(token: string, m: { mid: string; tid: string }, n: number) {
  const events = Array.from({ length: n }, () =>
    cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  );
  const res = await call(ingestBatch, "/v1/webhooks/events/batch", { token, body: { events } });
  expect(res.json.data.map((d: { status: string }) => d.status)).toEqual(Array(n).fill("processed"));
}
