// The circuit breaker: an endpoint whose attempts keep timing out is paused
// after WEBHOOK_CIRCUIT_THRESHOLD of them in a row, its deliveries left pending without spending
// attempts; after the cool-down exactly one attempt probes it; a failed probe reopens it for
// twice the cool-down, an answered one closes it and the rest go out. Opening and closing are
// audited; the endpoint's health shows the circuit. A database of its own: the claim sees every
// due delivery.
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { GET as getEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { runOnOwnDatabase } from "../support/own-database";
import { type ReceivedRequest, until } from "../support/webhook-receiver";
import { endedAfterEach, processedEvents, registerEndpoint } from "../support/webhook-test-kit";

const COOLDOWN_MS = 400;
await vi.hoisted(async () =>
  (await import("../support/webhook-settings")).applySlotSettings({
    WEBHOOK_RETRY_SCHEDULE: "0,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1",
    WEBHOOK_TIMEOUT_MS: "300",
    WEBHOOK_CIRCUIT_THRESHOLD: "3",
    WEBHOOK_CIRCUIT_COOLDOWN_MS: "400",
    WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: "1600",
  }),
);

runOnOwnDatabase("pic_webhooks_circuit");

const tokens = tokensOf("operator", "ingest");
const { receiver, worker } = endedAfterEach();

async function merchantWithEndpoint(url: string) {
  const m = await insertCredential({ merchantName: "Circuit merchant" });
  return { ...m, endpoint: await registerEndpoint(tokens.operator, m.merchantId, url) };
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
    await processedEvents(tokens.ingest, a, 5);
    worker();

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
      token: tokens.operator,
      params: { id: a.endpoint.id },
    });
    expect(seen.json.health.circuit).toMatchObject({ state: "open", openedAt: opened.circuitOpenedAt!.toISOString() });

    // While it is open, another merchant's deliveries go out.
    const fast = await receiver();
    const b = await merchantWithEndpoint(fast.url);
    await processedEvents(tokens.ingest, b, 3);
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
      token: tokens.operator,
      params: { id: a.endpoint.id },
    });
    expect(healthy.json.health.circuit).toEqual({ state: "closed", openedAt: null, nextProbeAt: null, consecutiveStalls: 0 });
  });
});
