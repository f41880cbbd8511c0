// Outbound webhooks end to end against a real node:http receiver: the outbox written with the
// processing, Standard Webhooks signatures checked by the standardwebhooks package, retries with
// a stable webhook-id, timeouts, rotation, the address policy, two workers, a crash mid-attempt.
import { createCipheriv, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { POST as resend } from "@/app/v1/webhook-deliveries/[id]/resend/route";
import { GET as getDelivery } from "@/app/v1/webhook-deliveries/[id]/route";
import { GET as listDeliveries } from "@/app/v1/webhook-deliveries/route";
import { POST as recover } from "@/app/v1/webhook-endpoints/[id]/recover/route";
import { POST as rotate } from "@/app/v1/webhook-endpoints/[id]/rotate-secret/route";
import { GET as getEndpoint, PATCH as patchEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as sendTest } from "@/app/v1/webhook-endpoints/[id]/test/route";
import { POST as createEndpoint, GET as listEndpoints } from "@/app/v1/webhook-endpoints/route";
import { GET as getRecoverJob } from "@/app/v1/webhook-recover-jobs/[id]/route";
import { POST as retryEvent } from "@/app/v1/webhooks/events/[id]/retry/route";
import { GET as getEvent } from "@/app/v1/webhooks/events/[id]/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { claimDueDeliveries } from "@/lib/webhooks/delivery/claim-deliveries";
import { recordAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { settledRecoverJob } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";
import { reencryptWebhookSecrets } from "@/lib/webhooks/endpoints/reencrypt-webhook-secrets";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { until } from "../support/webhook-receiver";
import { endedAfterEach, registerEndpoint } from "../support/webhook-test-kit";

// A fast schedule and a short timeout, read by lib/env.ts on first use (after this runs). The
// allow-list opens every port of 127.0.0.1 (responses withheld) and names one port (responses
// shown): receivers whose responses a test reads listen on SHOWN_PORT.
const { SHOWN_PORT } = await vi.hoisted(async () => {
  const { freePort } = await import("../support/webhook-receiver");
  const { applyWebhookSettings } = await import("../support/webhook-settings");
  const port = await freePort();
  applyWebhookSettings({
    WEBHOOK_ALLOWED_ADDRESSES: `127.0.0.1,127.0.0.1:${port}`,
    WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.2,0.2",
    WEBHOOK_TIMEOUT_MS: "600",
  });
  return { SHOWN_PORT: port };
});
const shown = { port: SHOWN_PORT };

const tokens = tokensOf("operator", "viewer", "ingest");
const { receiver, worker } = endedAfterEach();

/** A merchant with a credential (acquirer cielo, a fresh MID and TID). */
const merchantWithCredential = () => insertCredential({ merchantName: "Webhook merchant" });

const endpointFor = (merchantId: string, url: string, extra: Record<string, unknown> = {}) =>
  registerEndpoint(tokens.operator, merchantId, url, extra);

/** Ingests one matching event and processes the queue; returns the event id. */
async function processedEvent(m: { mid: string; tid: string }) {
  const res = await call(ingest, "/v1/webhooks/events", {
    token: tokens.ingest,
    body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  });
  expect(res.status).toBe(202);
  while ((await processPendingEvents()).length > 0) {}
  const event = await db().event.findFirstOrThrow({ where: { id: res.json.id } });
  expect(event.status).toBe("processed");
  return res.json.id as string;
}

/** Encrypts as the service did under key version 1 (IV | tag | ciphertext, bound to `boundTo`). */
function encryptUnderOldKey(plaintext: string, boundTo: string): Uint8Array<ArrayBuffer> {
  const entry = process.env.ENCRYPTION_KEYS!.split(",").find((e) => e.startsWith("1:"))!;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(entry.slice(2), "base64"), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), body]));
}

/** A merchant's endpoint with a receiver, its secret rotated once (the previous one still signs a day). */
async function rotatedEndpoint() {
  const m = await merchantWithCredential();
  const r = await receiver();
  const endpoint = await endpointFor(m.merchantId, r.url);
  const path = `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`;
  const rotated = await call(rotate, path, { method: "POST", token: tokens.operator, params: { id: endpoint.id } });
  return { m, r, endpoint, rotated };
}

/** Creating an endpoint with this URL is a 400 naming the url field. */
async function expectUrlRefused(merchantId: string, url: string) {
  const res = await call(createEndpoint, "/v1/webhook-endpoints", { token: tokens.operator, body: { merchantId, url } });
  expect(res.status, url).toBe(400);
  expect(res.json.errors[0].field).toBe("url");
}

/** n events of the merchant, stored and processed one after another: their ids, in order. */
async function processedEventIds(m: Parameters<typeof processedEvent>[0], n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await processedEvent(m));
  return ids;
}

const deliveriesOf = (eventId: string) =>
  db().webhookDelivery.findMany({ where: { eventId }, include: { attempts: { orderBy: { startedAt: "asc" } } } });

describe("webhook endpoints API", () => {
  it("shows the secret once, masks it on reads, lets viewers read but not write, audits", async () => {
    const m = await merchantWithCredential();
    const created = await endpointFor(m.merchantId, "http://127.0.0.1:9/hooks", { eventTypes: ["payment.completed"] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = await call(getEndpoint, `/v1/webhook-endpoints/${created.id}`, {
      token: tokens.viewer,
      params: { id: created.id },
    });
    expect(read.status).toBe(200);
    expect(read.json.secret).toBe("whsec_********");
    expect(read.text).not.toContain(created.secret.slice(6));
    const list = await call(listEndpoints, `/v1/webhook-endpoints?merchantId=${m.merchantId}`, { token: tokens.viewer });
    expect(list.json.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    const refused = await call(createEndpoint, "/v1/webhook-endpoints", {
      token: tokens.viewer,
      body: { merchantId: m.merchantId, url: "https://example.com/h" },
    });
    expect(refused.status).toBe(403);
    const patched = await call(patchEndpoint, `/v1/webhook-endpoints/${created.id}`, {
      method: "PATCH",
      token: tokens.operator,
      params: { id: created.id },
      body: { enabled: false, description: "off" },
    });
    expect(patched.json).toMatchObject({ enabled: false, description: "off", secret: "whsec_********" });
    const audit = await db().auditLogEntry.findMany({ where: { targetId: created.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["webhook_endpoint.create", "webhook_endpoint.update"]);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));
  });

  // Private, loopback, link-local and metadata addresses without the allow-list, other schemes and
  // no URL at all; then IPv6 forms that lead to a refused IPv4 address, and deprecated forms.
  it.each([
    "http://10.0.0.5/h",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]:8080/h",
    "http://192.168.1.1/h",
    "http://localhost:3000/h",
    "http://127.0.0.2/h",
    "ftp://example.com/h",
    "not a url",
    "http://[::127.0.0.1]/h",
    "http://[::7f00:1]/h",
    "http://[::a9fe:a9fe]/h",
    "http://[::ffff:0:7f00:1]/h",
    "http://[::ffff:169.254.169.254]/h",
    "http://[2002:7f00:1::1]/h",
    "http://[2002:a9fe:a9fe::1]/h",
    "http://[64:ff9b::a9fe:a9fe]/h",
    "http://[64:ff9b:1::a9fe:a9fe]/h",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h",
    "http://[2002:c058:6301::1]/h",
    "http://[::8.8.8.8]/h",
    "http://[fec0::1]/h",
  ])("refuses %s as an endpoint URL", async (url) => {
    await expectUrlRefused((await merchantWithCredential()).merchantId, url);
  });

  it("says how a local receiver is opened when it refuses one", async () => {
    const m = await merchantWithCredential();
    const refused = await call(createEndpoint, "/v1/webhook-endpoints", {
      token: tokens.operator,
      body: { merchantId: m.merchantId, url: "http://127.0.0.2:9999/hooks" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].message).toMatch(/WEBHOOK_ALLOWED_ADDRESSES \(e\.g\. 127\.0\.0\.1:9999\)/);
  });

  it("accepts the public counterparts of the refused IPv6 forms", async () => {
    const m = await merchantWithCredential();
    for (const url of ["https://[2002:808:808::1]/h", "https://[64:ff9b::808:808]/h", "https://[::ffff:8.8.8.8]/h"])
      expect(
        (await call(createEndpoint, "/v1/webhook-endpoints", { token: tokens.operator, body: { merchantId: m.merchantId, url } }))
          .status,
        url,
      ).toBe(201);
  });

  it("refuses at connect time a stored URL whose IPv6 address embeds a refused IPv4 address", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    const endpoint = await endpointFor(m.merchantId, r.url);
    const port = new URL(r.url).port;
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: `http://[2002:7f00:1::1]:${port}/hooks` } });
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.attempts.length > 0);
    expect((await deliveriesOf(eventId))[0]!.attempts[0]!.errorClass).toBe("address_refused");
    const test = await call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpoint.id },
    });
    expect(test.json).toMatchObject({ ok: false, errorClass: "address_refused" });
    expect(r.received).toHaveLength(0);
  });

  it("never shows the response of an address only an allow-list entry without its port opened", async () => {
    const m = await merchantWithCredential();
    // An internal service on a port the allow-list does not name (127.0.0.1 opens every port).
    const internal = await receiver(() => ({ status: 200, body: '{"data":[{"username":"admin","role":"admin"}]}' }));
    const endpoint = await endpointFor(m.merchantId, internal.url.replace("/hooks", "/v1/users"));
    const test = await call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpoint.id },
    });
    expect(test.status).toBe(200);
    expect(test.json).toMatchObject({ ok: true, statusCode: 200, errorClass: null, responseBody: null });
    expect(test.text).not.toContain("admin");
    // Nor in the attempts a delivery stores and shows.
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.responseBody])).toEqual([[200, null]]);
    const detail = await call(getDelivery, `/v1/webhook-deliveries/${delivery!.id}`, {
      token: tokens.viewer,
      params: { id: delivery!.id },
    });
    expect(detail.text).not.toContain("username");
    // The same receiver on the port the allow-list names: its response is shown.
    await internal.close();
    const named = await receiver(() => ({ status: 200, body: "named receiver" }), shown);
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: named.url } });
    const again = await call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpoint.id },
    });
    expect(again.json).toMatchObject({ ok: true, responseBody: "named receiver" });
  });

  it("refuses at connect time an allowed endpoint whose address is no longer allowed", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    const endpoint = await endpointFor(m.merchantId, r.url);
    // As if its DNS name now resolved elsewhere: the stored URL points at a refused address.
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: r.url.replace("127.0.0.1", "127.0.0.3") } });
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.attempts.length > 0);
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attempts[0]!.errorClass).toBe("address_refused");
    expect(r.received).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("writes the delivery with the processing and delivers it once, verified by standardwebhooks", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(undefined, shown);
    const endpoint = await endpointFor(m.merchantId, r.url);
    // Takes only alerts: no payment event is queued to it.
    const other = await endpointFor(m.merchantId, r.url, { eventTypes: ["alert.opened"] });
    const eventId = await processedEvent(m);
    const deliveries = await deliveriesOf(eventId);
    expect(deliveries.map((d) => d.endpointId)).toEqual([endpoint.id]);
    expect(other.id).not.toBe(endpoint.id);
    const w = worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    // Once: the worker has nothing left to send.
    await w.whenIdle();
    expect(r.received).toHaveLength(1);
    const [request] = r.received;
    const verified = new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>) as {
      id: string;
      status: string;
    };
    expect(verified).toMatchObject({ id: eventId, status: "processed" });
    expect(request!.headers["webhook-id"]).toBe(`msg_${deliveries[0]!.id}`);
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attempts).toHaveLength(1);
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 200, errorClass: null, responseBody: "ok" });
    // The delivery's detail shows what was sent: the body byte for byte, and each attempt's headers as received.
    const detail = await call(getDelivery, `/v1/webhook-deliveries/${delivery!.id}`, {
      token: tokens.viewer,
      params: { id: delivery!.id },
    });
    expect(detail.json.requestBody).toBe(request!.body);
    const sent = request!.headers as Record<string, string>;
    expect(detail.json.attempts[0].requestHeaders).toEqual({
      "content-type": sent["content-type"],
      "user-agent": sent["user-agent"],
      "content-length": sent["content-length"],
      "webhook-id": sent["webhook-id"],
      "webhook-timestamp": sent["webhook-timestamp"],
      "webhook-signature": sent["webhook-signature"],
    });
    const stored = await call(getEndpoint, `/v1/webhook-endpoints/${endpoint.id}`, {
      token: tokens.viewer,
      params: { id: endpoint.id },
    });
    expect(stored.json.lastSuccessAt).not.toBeNull();
    expect(stored.json.health).toMatchObject({ attempts24h: 1, successRate24h: 1, lastError: null, pendingDeliveries: 0 });
  });

  it("retries a 500 with the same webhook-id, then succeeds", async () => {
    const m = await merchantWithCredential();
    const r = await receiver((_req, i) => (i === 0 ? { status: 500, body: "boom" } : { status: 200 }), shown);
    const endpoint = await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers["webhook-id"]).toBe(r.received[0]!.headers["webhook-id"]);
    const wh = new Webhook(endpoint.secret);
    for (const req of r.received) expect(() => wh.verify(req.body, req.headers as Record<string, string>)).not.toThrow();
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.errorClass, a.responseBody])).toEqual([
      [500, "non_2xx", "boom"],
      [200, null, "ok"],
    ]);
    const list = await call(listEndpoints, `/v1/webhook-endpoints?merchantId=${m.merchantId}`, { token: tokens.viewer });
    expect(list.json.data[0].health).toMatchObject({ attempts24h: 2, successRate24h: 0.5 });
    expect(list.json.data[0].health.lastError).toMatchObject({ errorClass: "non_2xx", statusCode: 500 });
    // The second attempt waited the schedule's 0.2 s.
    expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(180);
  });

  it("times out a receiver that never answers, retries by the schedule, then fails the delivery", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(() => "hang");
    await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "failed", 15_000);
    const [delivery] = await deliveriesOf(eventId);
    // The schedule has four entries: four attempts, each a timeout after about 600 ms.
    expect(delivery!.attempts).toHaveLength(4);
    for (const a of delivery!.attempts) {
      expect(a.errorClass).toBe("timeout");
      expect(a.durationMs).toBeGreaterThanOrEqual(550);
      expect(a.durationMs).toBeLessThan(2_000);
    }
    expect(new Set(r.received.map((q) => q.headers["webhook-id"])).size).toBe(1);
    expect(r.received).toHaveLength(4);
  });

  it("records a 200 whose body holds a NUL byte once, as delivered, the NUL replaced", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(() => ({ status: 200, body: "ok\0nul" }), shown);
    await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attemptCount).toBe(1);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.errorClass, a.responseBody])).toEqual([[200, null, "ok\uFFFDnul"]]);
    expect(r.received).toHaveLength(1);
  });

  it("follows the schedule and fails a delivery whose receiver answers 500 with a NUL byte", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(() => ({ status: 500, body: "err\0nul" }), shown);
    const endpoint = await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "failed", 15_000);
    const [delivery] = await deliveriesOf(eventId);
    // The schedule has four entries: four attempts, every one recorded and counted.
    expect(delivery!.attemptCount).toBe(4);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.errorClass, a.responseBody])).toEqual(
      Array(4).fill([500, "non_2xx", "err\uFFFDnul"]),
    );
    expect(r.received).toHaveLength(4);
    // The failures count toward disabling.
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).not.toBeNull();
  });

  it("still records and counts an attempt whose response excerpt cannot be stored", async () => {
    const m = await merchantWithCredential();
    const endpoint = await endpointFor(m.merchantId, "http://127.0.0.1:9/hooks");
    const eventId = await processedEvent(m);
    const [claimed] = (await claimDueDeliveries({ limit: 100, skip: [], inFlight: new Map() })).filter(
      (c) => c.eventId === eventId,
    );
    // An excerpt PostgreSQL refuses (22021), as if it had slipped past the decoding.
    await recordAttempt(claimed!, {
      ok: false,
      statusCode: 500,
      errorClass: "non_2xx",
      responseBody: "err\0nul",
      durationMs: 5,
      startedAt: new Date(),
    });
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.errorClass, a.responseBody])).toEqual([[500, "non_2xx", null]]);
    expect(delivery!.status).toBe("pending");
    expect(delivery!.nextAttemptAt!.getTime()).toBeLessThan(Date.now() + 1_000);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).not.toBeNull();
  });

  /** Claims the due deliveries of `events` (at most the endpoint concurrency, 4) events of one new endpoint. */
  async function claimedSuccesses(events: number) {
    const m = await merchantWithCredential();
    const endpoint = await endpointFor(m.merchantId, "http://127.0.0.1:9/hooks");
    const eventIds: string[] = [];
    for (let i = 0; i < events; i++) eventIds.push(await processedEvent(m));
    const claimed = (await claimDueDeliveries({ limit: 100, skip: [], inFlight: new Map() })).filter((c) =>
      eventIds.includes(c.eventId),
    );
    expect(claimed).toHaveLength(events);
    return { endpoint, eventIds, claimed };
  }
  const success = (responseBody: string) => ({
    ok: true,
    statusCode: 200,
    errorClass: null,
    responseBody,
    durationMs: 3,
    startedAt: new Date(),
    signature: "v1,test",
  });

  it("records concurrent successes: each attempt once, each delivery ended, the endpoint's failure state reset", async () => {
    const { endpoint, eventIds, claimed } = await claimedSuccesses(4);
    const failingSince = new Date(Date.now() - 60_000);
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince, consecutiveStalls: 2 } });
    await Promise.all(claimed.map((c, i) => recordAttempt(c, success(`ok ${i}`))));
    for (const eventId of eventIds) {
      const [delivery] = await deliveriesOf(eventId);
      expect(delivery!.status).toBe("succeeded");
      expect(delivery!.nextAttemptAt).toBeNull();
      expect(delivery!.attempts.map((a) => [a.statusCode, a.errorClass, a.trigger, a.requestSignature])).toEqual([
        [200, null, "worker", "v1,test"],
      ]);
    }
    const bodies = (await Promise.all(eventIds.map(deliveriesOf))).map(([d]) => d!.attempts[0]!.responseBody);
    expect(bodies.sort()).toEqual(claimed.map((_, i) => `ok ${i}`).sort());
    const after = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect([after.failingSince, after.consecutiveStalls]).toEqual([null, 0]);
    expect(after.lastSuccessAt!.getTime()).toBeGreaterThan(failingSince.getTime());
  });

  it("records a success whose excerpt cannot be stored without it, and concurrent ones with theirs", async () => {
    const { eventIds, claimed } = await claimedSuccesses(3);
    // The second's excerpt is refused by PostgreSQL (22021), as if it had slipped past the decoding.
    await Promise.all(claimed.map((c, i) => recordAttempt(c, success(i === 1 ? "ok\0nul" : "ok"))));
    const byEvent = new Map(claimed.map((c, i) => [c.eventId, i]));
    for (const eventId of eventIds) {
      const [delivery] = await deliveriesOf(eventId);
      expect(delivery!.status).toBe("succeeded");
      expect(delivery!.attempts.map((a) => a.responseBody)).toEqual([byEvent.get(eventId) === 1 ? null : "ok"]);
    }
  });

  it("does not end a delivery claimed again since its successful attempt was sent", async () => {
    const { endpoint, eventIds, claimed } = await claimedSuccesses(2);
    // The first one's lease ran out and another worker claimed it again (its attempt count moved).
    await db().webhookDelivery.updateMany({ where: { id: claimed[0]!.id }, data: { attemptCount: { increment: 1 } } });
    await Promise.all(claimed.map((c) => recordAttempt(c, success("ok"))));
    const [stale] = await deliveriesOf(claimed[0]!.eventId);
    const [current] = await deliveriesOf(eventIds.find((id) => id !== claimed[0]!.eventId)!);
    expect(stale!.status).toBe("pending");
    expect(stale!.attempts).toHaveLength(1);
    expect(current!.status).toBe("succeeded");
    // The stale one falls due when its lease ends: no later test's worker may take it.
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
  });

  it("disables an endpoint failing for 5 days without a success, audited, its reason visible", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(() => ({ status: 500 }));
    const endpoint = await endpointFor(m.merchantId, r.url);
    // Failing since 5 days and a minute: the next failed attempt crosses the line.
    await db().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { failingSince: new Date(Date.now() - 5 * 24 * 3600 * 1000 - 60_000) },
    });
    const eventId = await processedEvent(m);
    const w = worker();
    await until(async () => !(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled);
    const read = await call(getEndpoint, `/v1/webhook-endpoints/${endpoint.id}`, {
      token: tokens.viewer,
      params: { id: endpoint.id },
    });
    expect(read.json).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/^failing without a success since /),
    });
    const audit = await db().auditLogEntry.findFirstOrThrow({
      where: { targetId: endpoint.id, action: "webhook_endpoint.disable" },
    });
    expect(audit.actorUsername).toBe("system");
    // Its pending delivery waits: due now, it is still not claimed while the endpoint is disabled.
    const sent = r.received.length;
    await db().webhookDelivery.updateMany({ where: { eventId }, data: { nextAttemptAt: new Date() } });
    await w.whenIdle();
    expect(r.received.length).toBe(sent);
    expect((await deliveriesOf(eventId))[0]!.status).toBe("pending");
  });

  it("keeps an endpoint's rate limit (deliveries per second)", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    await endpointFor(m.merchantId, r.url, { rateLimit: 2 });
    const eventIds = await processedEventIds(m, 6);
    worker();
    await until(() => r.received.length === 6, 10_000);
    // At 2/s, six deliveries start over three seconds (unlimited: a few ms). Judged by when each
    // attempt was claimed, on the database's clock: when the receiver heard them depends on how
    // loaded the machine is (a stalled test process hears a second's deliveries together).
    const rows = await db().webhookDelivery.findMany({ where: { eventId: { in: eventIds } }, select: { lastAttemptAt: true } });
    const at = rows.map((row) => row.lastAttemptAt!.getTime());
    expect(Math.max(...at) - Math.min(...at)).toBeGreaterThanOrEqual(1_000);
    const perSecond = new Map<number, number>();
    for (const t of at) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(2);
  });

  it("keeps an endpoint's rate limit across two workers on one database", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    await endpointFor(m.merchantId, r.url, { rateLimit: 2 });
    const eventIds = await processedEventIds(m, 8);
    const a = worker();
    const b = worker();
    const where = { eventId: { in: eventIds } };
    await until(async () => (await db().webhookDelivery.count({ where: { ...where, status: "succeeded" } })) === 8, 15_000);
    // Each of its deliveries once (attemptCount below); the workers may also have claimed a
    // delivery an earlier test left due for a retry, so their own counts are at least 8.
    expect(a.started + b.started).toBeGreaterThanOrEqual(8);
    // Every attempt started (was claimed) at last_attempt_at, by the database's clock: at most
    // two in any one second, whichever worker claimed them.
    const rows = await db().webhookDelivery.findMany({ where, select: { attemptCount: true, lastAttemptAt: true } });
    expect(rows.every((row) => row.attemptCount === 1)).toBe(true);
    const perSecond = new Map<number, number>();
    for (const row of rows) {
      const second = Math.floor(row.lastAttemptAt!.getTime() / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(2);
  });

  it("signs with both secrets after a rotation", async () => {
    const { m, r, endpoint, rotated } = await rotatedEndpoint();
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    const [request] = r.received;
    expect(String(request!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    const headers = request!.headers as Record<string, string>;
    expect(() => new Webhook(endpoint.secret).verify(request!.body, headers)).not.toThrow();
    expect(() => new Webhook(rotated.json.secret).verify(request!.body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(request!.body, headers)).toThrow();
  });

  it("signs with the same secrets after an encryption key rotation and secrets:reencrypt", async () => {
    const { r, endpoint, rotated } = await rotatedEndpoint();
    // Both secrets stored as under the old encryption key (version 1), as before its rotation.
    await db().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secretCiphertext: encryptUnderOldKey(rotated.json.secret, `webhook_endpoint:${endpoint.id}`),
        secretKeyVersion: 1,
        previousSecretCiphertext: encryptUnderOldKey(endpoint.secret, `webhook_endpoint:${endpoint.id}`),
        previousSecretKeyVersion: 1,
      },
    });
    const report = await reencryptWebhookSecrets();
    expect(report).toMatchObject({ activeKeyVersion: 2, unreadable: [] });
    expect(report.reencrypted).toBeGreaterThanOrEqual(1);
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect([row.secretKeyVersion, row.previousSecretKeyVersion]).toEqual([2, 2]);
    const test = await call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpoint.id },
    });
    expect(test.json.ok).toBe(true);
    const [request] = r.received;
    const headers = request!.headers as Record<string, string>;
    expect(() => new Webhook(rotated.json.secret).verify(request!.body, headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(request!.body, headers)).not.toThrow();
    // Running it again has nothing left to do for this endpoint.
    await reencryptWebhookSecrets();
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretCiphertext).toEqual(
      row.secretCiphertext,
    );
  });

  it("two workers never send one attempt twice", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    await endpointFor(m.merchantId, r.url);
    const eventIds = await processedEventIds(m, 30);
    const a = worker();
    const b = worker();
    await until(
      async () => (await db().webhookDelivery.count({ where: { eventId: { in: eventIds }, status: "succeeded" } })) === 30,
    );
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    const ids = r.received.map((q) => q.headers["webhook-id"]);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(a.started + b.started).toBeGreaterThanOrEqual(30);
  });

  it("delivers after a crash between the claim and the record (the lease runs out)", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    const endpoint = await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    // A worker claims it, then "dies": nothing is sent, nothing recorded.
    const claimed = await claimDueDeliveries({ limit: 100, skip: [], inFlight: new Map() });
    expect(claimed.map((c) => c.eventId)).toContain(eventId);
    // A restarted worker does not take it while the lease holds (it finds nothing to claim), then does.
    const w = worker();
    await w.whenIdle();
    expect(r.received).toHaveLength(0);
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded", 10_000);
    expect(r.received).toHaveLength(1);
    expect(() =>
      new Webhook(endpoint.secret).verify(r.received[0]!.body, r.received[0]!.headers as Record<string, string>),
    ).not.toThrow();
    const [delivery] = await deliveriesOf(eventId);
    expect(delivery!.attemptCount).toBe(2);
  });
});

describe("visibility and control", () => {
  it("shows an event's deliveries, lists and filters them, shows attempts, resends with the same webhook-id", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    const endpoint = await endpointFor(m.merchantId, r.url);
    const eventId = await processedEvent(m);
    worker();
    await until(async () => (await deliveriesOf(eventId))[0]!.status === "succeeded");
    const event = await call(getEvent, `/v1/webhooks/events/${eventId}`, { token: tokens.viewer, params: { id: eventId } });
    expect(event.json.deliveries).toHaveLength(1);
    const delivery = event.json.deliveries[0];
    expect(delivery).toMatchObject({ endpointId: endpoint.id, merchantId: m.merchantId, status: "succeeded", attemptCount: 1 });
    const byEndpoint = await call(listDeliveries, `/v1/webhook-deliveries?endpointId=${endpoint.id}`, { token: tokens.viewer });
    expect(byEndpoint.json.data.map((d: { id: string }) => d.id)).toEqual([delivery.id]);
    const byMerchantFailed = await call(listDeliveries, `/v1/webhook-deliveries?merchantId=${m.merchantId}&status=failed`, {
      token: tokens.viewer,
    });
    expect(byMerchantFailed.json.data).toEqual([]);
    const later = new Date(Date.now() + 60_000).toISOString();
    const afterNow = await call(listDeliveries, `/v1/webhook-deliveries?endpointId=${endpoint.id}&created_at[gte]=${later}`, {
      token: tokens.viewer,
    });
    expect(afterNow.json.data).toEqual([]);
    const bad = await call(listDeliveries, "/v1/webhook-deliveries?status=nope", { token: tokens.viewer });
    expect(bad.status).toBe(400);
    const detail = await call(getDelivery, `/v1/webhook-deliveries/${delivery.id}`, {
      token: tokens.viewer,
      params: { id: delivery.id },
    });
    expect(detail.json.attempts).toHaveLength(1);
    expect(detail.json.attempts[0]).toMatchObject({ statusCode: 200, errorClass: null });

    const resent = await call(resend, `/v1/webhook-deliveries/${delivery.id}/resend`, {
      method: "POST",
      token: tokens.operator,
      params: { id: delivery.id },
    });
    expect(resent.status).toBe(202);
    await until(() => r.received.length === 2);
    expect(r.received[1]!.headers["webhook-id"]).toBe(r.received[0]!.headers["webhook-id"]);
    const byViewer = await call(resend, `/v1/webhook-deliveries/${delivery.id}/resend`, {
      method: "POST",
      token: tokens.viewer,
      params: { id: delivery.id },
    });
    expect(byViewer.status).toBe(403);
  });

  it("writes deliveries when an operator's retry processes a failed event", async () => {
    const m = await merchantWithCredential();
    const r = await receiver();
    await endpointFor(m.merchantId, r.url);
    // Its credential disabled when the notification arrives: failed, nothing queued.
    await db().credential.updateMany({ where: { acquirerMerchantIdentifier: m.mid }, data: { enabled: false } });
    const res = await call(ingest, "/v1/webhooks/events", {
      token: tokens.ingest,
      body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
    });
    expect(res.json.status).toBe("failed");
    expect(await deliveriesOf(res.json.id)).toHaveLength(0);
    await db().credential.updateMany({ where: { acquirerMerchantIdentifier: m.mid }, data: { enabled: true } });
    const retried = await call(retryEvent, `/v1/webhooks/events/${res.json.id}/retry`, {
      method: "POST",
      token: tokens.operator,
      params: { id: res.json.id },
    });
    expect(retried.json.status).toBe("processed");
    expect(retried.json.deliveries).toHaveLength(1);
  });

  it("sends a test event and answers the receiver's response inline", async () => {
    const m = await merchantWithCredential();
    const r = await receiver(() => ({ status: 418, body: "teapot" }), shown);
    const endpoint = await endpointFor(m.merchantId, r.url);
    const res = await call(sendTest, `/v1/webhook-endpoints/${endpoint.id}/test`, {
      method: "POST",
      token: tokens.operator,
      params: { id: endpoint.id },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: false, statusCode: 418, errorClass: "non_2xx", responseBody: "teapot" });
    const verified = new Webhook(endpoint.secret).verify(r.received[0]!.body, r.received[0]!.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: "webhook.test" });
  });

  it("recover resends exactly the failed deliveries since its time, once", async () => {
    const m = await merchantWithCredential();
    let up = false;
    const r = await receiver(() => (up ? { status: 200 } : { status: 503 }));
    const endpoint = await endpointFor(m.merchantId, r.url);
    const eventIds = await processedEventIds(m, 6);
    const w = worker();
    const where = { eventId: { in: eventIds } };
    await until(async () => (await db().webhookDelivery.count({ where: { ...where, status: "failed" } })) === 6, 15_000);
    await w.stop();
    // Two failed before `since`, three after; one of those succeeded meanwhile (by a resend).
    const rows = await db().webhookDelivery.findMany({ where, orderBy: { createdAt: "asc" } });
    const since = new Date("2026-01-01T00:00:00.000Z");
    for (const [i, row] of rows.entries()) {
      const createdAt = new Date(since.getTime() + (i < 2 ? -3_600_000 : 3_600_000 * i));
      await db().webhookDelivery.update({
        where: { id_eventCreatedAt: { id: row.id, eventCreatedAt: row.eventCreatedAt } },
        data: { createdAt, ...(i === 5 ? { status: "succeeded" } : {}) },
      });
    }
    const expected = rows
      .slice(2, 5)
      .map((row) => `msg_${row.id}`)
      .sort();
    r.received.length = 0;
    up = true;
    const started = await call(recover, `/v1/webhook-endpoints/${endpoint.id}/recover`, {
      token: tokens.operator,
      params: { id: endpoint.id },
      body: { since: since.toISOString() },
    });
    expect(started.status).toBe(202);
    expect(started.json.total).toBe(3);
    await settledRecoverJob(started.json.id);
    const job = await call(getRecoverJob, `/v1/webhook-recover-jobs/${started.json.id}`, {
      token: tokens.viewer,
      params: { id: started.json.id },
    });
    expect(job.json).toMatchObject({ status: "done", total: 3, requeued: 3 });
    const resender = worker();
    await until(() => r.received.length >= 3);
    await resender.whenIdle();
    expect(r.received.map((q) => q.headers["webhook-id"]).sort()).toEqual(expected);
    // Again: nothing failed is left since then, so nothing is sent.
    const again = await call(recover, `/v1/webhook-endpoints/${endpoint.id}/recover`, {
      token: tokens.operator,
      params: { id: endpoint.id },
      body: { since: since.toISOString() },
    });
    await settledRecoverJob(again.json.id);
    await resender.whenIdle();
    expect(r.received).toHaveLength(3);
  });
});
