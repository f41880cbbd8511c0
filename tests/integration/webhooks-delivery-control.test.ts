// What an operator does to deliveries and endpoints: "Retry now" on a pending
// delivery, the attempt count agreeing with the attempts listed after a recover (and the
// migration that repaired counts a reset had dropped), each attempt's request and answer, endpoint
// DELETE, the audit trail of resend, retry-now, recover, test and delete, and a merchant account
// seeing only its own deliveries. Attempts are driven step by step (claim, send, record) against a
// real receiver, so each state is held still while the API is asked about it.
import fs from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as resend } from "@/app/v1/webhook-deliveries/[id]/resend/route";
import { POST as retryNow } from "@/app/v1/webhook-deliveries/[id]/retry-now/route";
import { GET as getDelivery } from "@/app/v1/webhook-deliveries/[id]/route";
import { GET as listDeliveries } from "@/app/v1/webhook-deliveries/route";
import { POST as recover } from "@/app/v1/webhook-endpoints/[id]/recover/route";
import { DELETE as deleteEndpoint, GET as getEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as sendTest } from "@/app/v1/webhook-endpoints/[id]/test/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueDeliveries } from "@/lib/webhooks/delivery/claim-deliveries";
import { recordAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { settledRecoverJob } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { merchantAccount } from "../support/tenants";
import { startReceiver } from "../support/webhook-receiver";

// Attempt 1 at once, then an hour's wait twice: a failed attempt leaves the delivery waiting (so
// "Retry now" has something to bring forward), and the third failure ends it.
const { SHOWN_PORT } = await vi.hoisted(async () => {
  const { freePort } = await import("../support/webhook-receiver");
  const port = await freePort();
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_ADDRESSES: `127.0.0.1,127.0.0.1:${port}`,
    WEBHOOK_RETRY_SCHEDULE: "0,3600,3600",
    WEBHOOK_RETRY_JITTER: "0",
    WEBHOOK_TIMEOUT_MS: "2000",
  });
  return { SHOWN_PORT: port };
});

const tokens = tokensOf("operator", "viewer", "ingest");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A merchant, an endpoint on a receiver that answers `status()`, and one processed event's
 * delivery. The receiver listens on the port whose responses are shown unless `port` is null (a
 * second receiver: any port, its responses withheld).
 */
async function deliverySetup(status: () => number, port: number | null = SHOWN_PORT) {
  const r = await startReceiver(() => ({ status: status(), body: `answer ${status()}` }), { port: port ?? undefined });
  cleanups.push(r.close);
  const m = await insertCredential({ merchantName: "Delivery control merchant" });
  const endpoint = await call(createEndpoint, "/v1/webhook-endpoints", {
    token: tokens.operator,
    body: { merchantId: m.merchantId, url: r.url },
  });
  expect(endpoint.status).toBe(201);
  const event = await call(ingest, "/v1/webhooks/events", {
    token: tokens.ingest,
    body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  });
  expect(event.json.status).toBe("processed");
  const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId: event.json.id } });
  return {
    r,
    m,
    endpointId: endpoint.json.id as string,
    secret: endpoint.json.secret as string,
    eventId: event.json.id,
    delivery,
  };
}

/** One attempt of this delivery, as the worker makes it: claimed (it must be due), sent, recorded. */
async function attemptNow(deliveryId: string) {
  const claimed = (await claimDueDeliveries({ limit: 100, skip: [], inFlight: new Map() })).find((c) => c.id === deliveryId);
  expect(claimed, "the delivery is due").toBeDefined();
  return { claimed: claimed!, record: async () => recordAttempt(claimed!, await attemptDelivery(claimed!)) };
}

const read = (id: string, token = tokens.viewer) => call(getDelivery, `/v1/webhook-deliveries/${id}`, { token, params: { id } });
const post = (handler: typeof retryNow, action: string, id: string, token = tokens.operator) =>
  call(handler, `/v1/webhook-deliveries/${id}/${action}`, { method: "POST", token, params: { id } });
const audited = (action: string, targetId: string) => db().auditLogEntry.findMany({ where: { action, targetId } });

describe("retry now", () => {
  it("brings a waiting delivery forward, refuses one in flight or finished, and is audited", async () => {
    let status = 503;
    const { delivery, endpointId } = await deliverySetup(() => status);
    await (await attemptNow(delivery.id)).record();
    const waiting = await read(delivery.id);
    expect(waiting.json).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(new Date(waiting.json.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    expect((await post(retryNow, "retry-now", delivery.id, tokens.viewer)).status).toBe(403);
    const retried = await post(retryNow, "retry-now", delivery.id);
    expect(retried.status).toBe(202);
    expect(new Date(retried.json.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await audited("webhook_delivery.retry_now", endpointId)).toEqual([
      expect.objectContaining({ targetType: "webhook_endpoint", after: expect.objectContaining({ deliveryId: delivery.id }) }),
    ]);

    // Claimed: counted, not yet recorded, its lease running. Its outcome is coming.
    const inFlight = await attemptNow(delivery.id);
    const refused = await post(retryNow, "retry-now", delivery.id);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("delivery_in_flight");
    status = 200;
    await inFlight.record();
    const done = await read(delivery.id);
    expect(done.json).toMatchObject({ status: "succeeded", attemptCount: 2 });
    expect(done.json.attempts).toHaveLength(2);
    const finished = await post(retryNow, "retry-now", delivery.id);
    expect(finished.status).toBe(409);
    expect(finished.json.code).toBe("delivery_not_pending");
  });
});

describe("attempt count and history", () => {
  it("counts every attempt across a recover and a resend, while the schedule starts over", async () => {
    let status = 500;
    const { delivery, endpointId } = await deliverySetup(() => status);
    // Three failures end the schedule (the waits skipped with retry-now).
    for (let i = 0; i < 3; i++) {
      if (i > 0) expect((await post(retryNow, "retry-now", delivery.id)).status).toBe(202);
      await (await attemptNow(delivery.id)).record();
    }
    expect((await read(delivery.id)).json).toMatchObject({ status: "failed", attemptCount: 3 });

    const job = await call(recover, `/v1/webhook-endpoints/${endpointId}/recover`, {
      token: tokens.operator,
      params: { id: endpointId },
      body: { since: "2020-01-01T00:00:00Z" },
    });
    expect(job.status).toBe(202);
    await settledRecoverJob(job.json.id);
    expect(await audited("webhook_endpoint.recover", endpointId)).toHaveLength(1);
    const recovered = await read(delivery.id);
    expect(recovered.json).toMatchObject({ status: "pending", attemptCount: 3 });
    expect(recovered.json.attempts).toHaveLength(3);

    // The fourth attempt fails too: the schedule restarted, so it waits an hour instead of failing.
    await (await attemptNow(delivery.id)).record();
    const fourth = await read(delivery.id);
    expect(fourth.json).toMatchObject({ status: "pending", attemptCount: 4 });
    expect(fourth.json.attempts).toHaveLength(4);

    status = 200;
    expect((await post(retryNow, "retry-now", delivery.id)).status).toBe(202);
    await (await attemptNow(delivery.id)).record();
    expect((await post(resend, "resend", delivery.id)).status).toBe(202);
    await (await attemptNow(delivery.id)).record();
    const resent = await read(delivery.id);
    expect(resent.json).toMatchObject({ status: "succeeded", attemptCount: 6 });
    expect(resent.json.attempts).toHaveLength(6);
    expect(await audited("webhook_delivery.resend", endpointId)).toHaveLength(1);
  });

  it("the migration gives a count a reset had dropped back, keeping the delivery's place in its schedule", async () => {
    const { delivery } = await deliverySetup(() => 500);
    for (let i = 0; i < 2; i++) {
      if (i > 0) await post(retryNow, "retry-now", delivery.id);
      await (await attemptNow(delivery.id)).record();
    }
    // As a recover did before: the count reset to 0, then one more attempt.
    const key = { id_eventCreatedAt: { id: delivery.id, eventCreatedAt: delivery.eventCreatedAt } };
    await db().webhookDelivery.update({ where: key, data: { attemptCount: 0, nextAttemptAt: new Date() } });
    await (await attemptNow(delivery.id)).record();
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: key })).toMatchObject({ attemptCount: 1, scheduleOffset: 0 });
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../prisma/migrations/20261126080803_delivery_attempt_history/migration.sql"),
      "utf8",
    );
    const repair = migration.slice(migration.indexOf('UPDATE "webhook_deliveries"'));
    await db().$executeRawUnsafe(repair);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: key })).toMatchObject({ attemptCount: 3, scheduleOffset: 2 });
    expect((await read(delivery.id)).json.attempts).toHaveLength(3);
  });

  it("shows each attempt's request headers (with the signature sent, never the secret), body, status, duration, error class and response", async () => {
    const { r, delivery, secret } = await deliverySetup(() => 502);
    await (await attemptNow(delivery.id)).record();
    const detail = await read(delivery.id);
    const [attempt] = detail.json.attempts;
    const sent = r.received[0]!;
    expect(attempt).toMatchObject({ statusCode: 502, errorClass: "non_2xx", responseBody: "answer 502", trigger: "worker" });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(attempt.requestHeaders).toMatchObject({
      "webhook-id": sent.headers["webhook-id"],
      "webhook-timestamp": sent.headers["webhook-timestamp"],
      "webhook-signature": sent.headers["webhook-signature"],
      "content-type": "application/json",
    });
    expect(detail.json.requestBody).toBe(sent.body);
    // The signature shown is the one that verifies with the secret; the secret is nowhere.
    new Webhook(secret).verify(detail.json.requestBody, attempt.requestHeaders);
    expect(detail.text).not.toContain(secret);
    expect(detail.text).not.toContain(secret.slice("whsec_".length));
  });
});

describe("endpoint delete and test sends", () => {
  it("audits a test send with its outcome, deletes an endpoint with its deliveries (audited), and refuses viewers", async () => {
    const { endpointId, delivery } = await deliverySetup(() => 204);
    const test = await call(sendTest, `/v1/webhook-endpoints/${endpointId}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpointId },
    });
    expect(test.json).toMatchObject({ ok: true, statusCode: 204 });
    expect(await audited("webhook_endpoint.test", endpointId)).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ ok: true, statusCode: 204 }) }),
    ]);

    const asViewer = await call(deleteEndpoint, `/v1/webhook-endpoints/${endpointId}`, {
      method: "DELETE",
      token: tokens.viewer,
      params: { id: endpointId },
    });
    expect(asViewer.status).toBe(403);
    const deleted = await call(deleteEndpoint, `/v1/webhook-endpoints/${endpointId}`, {
      method: "DELETE",
      token: tokens.operator,
      params: { id: endpointId },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: endpointId, deleted: true, deliveries: 1 });
    expect(
      (await call(getEndpoint, `/v1/webhook-endpoints/${endpointId}`, { token: tokens.viewer, params: { id: endpointId } }))
        .status,
    ).toBe(404);
    expect((await read(delivery.id)).status).toBe(404);
    const [entry] = await audited("webhook_endpoint.delete", endpointId);
    expect(entry?.before).toMatchObject({ id: endpointId, deliveries: 1 });
    expect(JSON.stringify(entry?.before)).not.toMatch(/whsec_[A-Za-z0-9+/]{10}/);
    const again = await call(deleteEndpoint, `/v1/webhook-endpoints/${endpointId}`, {
      method: "DELETE",
      token: tokens.operator,
      params: { id: endpointId },
    });
    expect(again.status).toBe(404);
  });
});

describe("a merchant account's deliveries", () => {
  it("lists and reads only its own, and may not retry another merchant's", async () => {
    const own = await deliverySetup(() => 503);
    const other = await deliverySetup(() => 503, null);
    await (await attemptNow(other.delivery.id)).record();
    const account = await merchantAccount(own.m.merchantId);
    const list = await call(listDeliveries, "/v1/webhook-deliveries?limit=100", { token: account.token });
    expect(list.status).toBe(200);
    expect(list.json.data.map((d: { id: string }) => d.id)).toEqual([own.delivery.id]);
    const byFilter = await call(listDeliveries, `/v1/webhook-deliveries?merchantId=${other.m.merchantId}`, {
      token: account.token,
    });
    expect(byFilter.json.data).toEqual([]);
    expect((await read(other.delivery.id, account.token)).status).toBe(404);
    expect((await post(retryNow, "retry-now", other.delivery.id, account.token)).status).toBe(404);
    expect((await read(other.delivery.id)).json.nextAttemptAt).not.toBeNull();
  });
});
