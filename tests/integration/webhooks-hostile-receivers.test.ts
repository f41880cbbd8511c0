// Hostile receivers, as a property (fast-check, fixed seed): whatever a receiver answers on each
// attempt (a NUL byte in the body, a huge body, a slow answer, no answer at all, plain 200 and
// 500, a 101 Switching Protocols, another protocol's bytes, headers cut short), every attempt it
// saw is recorded, attempts follow the retry schedule, and the delivery ends succeeded (at the
// first 2xx) or failed (after the schedule's last attempt). Once, a NUL in the response could
// not be stored, so the attempt went unrecorded and the delivery was sent again each time its
// lease ran out, for ever. An answer that is not a final HTTP response (101 with an Upgrade
// header) left the attempt unsettled for ever: the test send never answered, the delivery was
// never recorded and held its worker slot, and stopping the worker waited on it; the cases at
// the end check that such an attempt fails at once, long before the timeout.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { POST as sendTest } from "@/app/v1/webhook-endpoints/[id]/test/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { DeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { type Answer, startReceiver, until } from "../support/webhook-receiver";
import { registerEndpoint } from "../support/webhook-test-kit";

// Four attempts 0.2 s apart, a 600 ms timeout (so a lease of 2.2 s), read by lib/env.ts on first use.
const SCHEDULE = [0, 0.2, 0.2, 0.2];
const TIMEOUT_MS = 600;
await vi.hoisted(async () =>
  (await import("../support/webhook-settings")).applyWebhookSettings({
    WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.2,0.2",
    WEBHOOK_TIMEOUT_MS: "600",
  }),
);

// Answers that are not a final HTTP response, written straight to the socket.
const UPGRADE = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n";
const SSH_BANNER = "SSH-2.0-OpenSSH_9.6\r\n";
const CUT_HEADERS = "HTTP/1.1 200 OK\r\nContent-Ty";

/** What a receiver does on one attempt, and whether the attempt must count as delivered. */
const BEHAVIOURS = {
  ok: { answer: { status: 200 }, delivered: true },
  error: { answer: { status: 500, body: "boom" }, delivered: false },
  nulOk: { answer: { status: 200, body: "ok\u0000nul" }, delivered: true },
  nulError: { answer: { status: 500, body: "err\u0000nul" }, delivered: false },
  hugeOk: { answer: { status: 200, body: "x".repeat(1 << 20) }, delivered: true },
  hugeError: { answer: { status: 503, body: `${"\u0000é".repeat(3_000)}${"y".repeat(1 << 20)}` }, delivered: false },
  // Well inside the 600 ms timeout: an answer, not a timeout.
  slowOk: { answer: { status: 200, body: "late", delayMs: 150 }, delivered: true },
  neverAnswers: { answer: "hang", delivered: false },
  upgrades: { answer: { raw: UPGRADE }, delivered: false },
  speaksSsh: { answer: { raw: SSH_BANNER }, delivered: false },
  cutsHeaders: { answer: { raw: CUT_HEADERS, close: true }, delivered: false },
} satisfies Record<string, { answer: Answer; delivered: boolean }>;
type Behaviour = keyof typeof BEHAVIOURS;

const tokens = tokensOf("operator", "ingest");

/** One delivery to a receiver behaving as `script` says on each attempt; what was sent and recorded. */
async function deliverTo(script: Behaviour[]) {
  const expectedAttempts = script.findIndex((b) => BEHAVIOURS[b].delivered) + 1 || SCHEDULE.length;
  const receiver = await startReceiver((_request, i) => BEHAVIOURS[script[i] ?? "error"].answer);
  const m = await insertCredential({ merchantName: "Hostile receiver merchant" });
  const endpoint = await registerEndpoint(tokens.operator, m.merchantId, receiver.url);
  const event = await call(ingest, "/v1/webhooks/events", {
    token: tokens.ingest,
    body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  });
  expect(event.status).toBe(202);
  while ((await processPendingEvents()).length > 0) {}
  const worker = new DeliveryWorker();
  worker.start();
  const deliveries = () =>
    db().webhookDelivery.findMany({
      where: { eventId: event.json.id as string },
      include: { attempts: { orderBy: { startedAt: "asc" } } },
    });
  try {
    // Ended, or sent more often than the schedule allows (then it would go on for ever): the
    // whole schedule takes under 4 s even if no attempt is answered.
    await until(
      async () => receiver.received.length > expectedAttempts || (await deliveries()).every((d) => d.status !== "pending"),
      8_000,
    ).catch(() => {});
  } finally {
    await worker.stop();
    // Nothing of this run is claimed by the next one's worker, whatever state it was left in.
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    await receiver.close();
  }
  const [delivery] = await deliveries();
  return { delivery: delivery!, received: receiver.received, expectedAttempts };
}

describe("delivery to hostile receivers", () => {
  it("records every attempt, follows the schedule and ends delivered or failed, whatever the receiver answers", async () => {
    const behaviour = fc.constantFrom(...(Object.keys(BEHAVIOURS) as Behaviour[]));
    await fc.assert(
      fc.asyncProperty(fc.array(behaviour, { minLength: SCHEDULE.length, maxLength: SCHEDULE.length }), async (script) => {
        const { delivery, received, expectedAttempts } = await deliverTo(script);
        const expectedStatus = script.slice(0, expectedAttempts).some((b) => BEHAVIOURS[b].delivered) ? "succeeded" : "failed";
        const outcome = `receiver answering ${script.slice(0, expectedAttempts).join(", ")}: delivery ${delivery.status}, ${received.length} requests received, ${delivery.attempts.length} attempts recorded (attemptCount ${delivery.attemptCount})`;
        expect(received.length, outcome).toBe(expectedAttempts);
        expect(delivery.attempts.length, outcome).toBe(received.length);
        expect(delivery.attemptCount, outcome).toBe(received.length);
        expect(delivery.status, outcome).toBe(expectedStatus);
        delivery.attempts.forEach((attempt, i) => {
          const answer = BEHAVIOURS[script[i]!].answer;
          if (answer === "hang") expect(attempt.errorClass, outcome).toBe("timeout");
          else if ("raw" in answer)
            expect([attempt.statusCode, attempt.errorClass], outcome).toEqual([
              null,
              "close" in answer ? "connection_error" : "protocol_error",
            ]);
          else expect(attempt.statusCode, outcome).toBe(answer.status);
          expect(attempt.responseBody?.length ?? 0, outcome).toBeLessThanOrEqual(4096);
        });
        // The schedule: no retry before its delay (0.2 s, no jitter) after the previous attempt ended.
        for (let i = 1; i < received.length; i++)
          expect(received[i]!.at - received[i - 1]!.at, outcome).toBeGreaterThanOrEqual(180);
      }),
      {
        seed: 20261125,
        numRuns: 6,
        // Each example takes seconds, a failing one up to 8: report the first, unshrunk.
        endOnFailure: true,
        examples: [
          [["nulOk", "ok", "ok", "ok"]],
          [["nulError", "nulError", "nulError", "nulError"]],
          [["upgrades", "speaksSsh", "cutsHeaders", "ok"]],
        ],
      },
    );
    // Nine scripted deliveries (six runs and three examples), each through a real receiver and the retry schedule.
  }, 120_000);
});

/** The promise's value, or a failure naming what did not end within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("a receiver whose answer is not a final HTTP response", () => {
  it.each([
    ["answers 101 Switching Protocols with an Upgrade header", { raw: UPGRADE }, "protocol_error"],
    ["answers in another protocol (an SSH banner)", { raw: SSH_BANNER }, "protocol_error"],
    ["closes the connection in the middle of the headers", { raw: CUT_HEADERS, close: true }, "connection_error"],
  ] as const)("%s: the test send answers and the attempt is recorded failed, at once", async (_name, answer, errorClass) => {
    const receiver = await startReceiver(() => answer);
    const m = await insertCredential({ merchantName: "Not-HTTP receiver merchant" });
    const endpoint = await registerEndpoint(tokens.operator, m.merchantId, receiver.url);
    const worker = new DeliveryWorker();
    try {
      const test = await within(
        call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
          method: "POST",
          token: tokens.operator,
          params: { id: endpoint.id },
        }),
        5_000,
        "the test send",
      );
      expect(test.status).toBe(200);
      expect(test.json).toMatchObject({ ok: false, statusCode: null, errorClass, responseBody: null });
      expect(test.json.durationMs).toBeLessThan(TIMEOUT_MS);

      const event = await call(ingest, "/v1/webhooks/events", {
        token: tokens.ingest,
        body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
      });
      while ((await processPendingEvents()).length > 0) {}
      worker.start();
      const attempts = () => db().webhookDeliveryAttempt.findMany({ where: { delivery: { eventId: event.json.id as string } } });
      await until(async () => (await attempts()).length > 0, 3_000);
      const [attempt] = await attempts();
      expect(attempt).toMatchObject({ statusCode: null, errorClass });
      expect(attempt!.durationMs).toBeLessThan(TIMEOUT_MS);
    } finally {
      // Stopping waits for the attempts in flight: it hung for ever on an unsettled one.
      await within(worker.stop(), 5_000, "stopping the delivery worker");
      await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
      await receiver.close();
    }
  });
});
