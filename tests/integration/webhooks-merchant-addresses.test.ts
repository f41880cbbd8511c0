// WEBHOOK_ALLOWED_ADDRESSES serves only endpoint URLs staff set. With 127.0.0.1 allow-listed on
// every port, a merchant account pointed endpoints at ports 22, 80, 5432, 6379 and the console's
// own, and its test sends told open ports from closed ones (connection_refused, timeout,
// non_2xx...). Now a merchant account's URL is checked and delivered as if there were no
// allow-list (the same 400, address_refused at connect time even when the row is changed behind
// the API's back), and its test sends say only connection_failed when no HTTP answer came back;
// an operator's URL and an operator's test send are as before.
import { describe, expect, it, vi } from "vitest";
import { PATCH as patchEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as sendTest } from "@/app/v1/webhook-endpoints/[id]/test/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { processPendingEvents } from "@/lib/events/process/process-events";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { merchantAccount } from "../support/tenants";
import { freePort, until } from "../support/webhook-receiver";
import { endedAfterEach, registerEndpoint } from "../support/webhook-test-kit";

// 127.0.0.1 allow-listed on every port (webhook-settings.ts); a short timeout for the hanging receiver.
await vi.hoisted(async () => (await import("../support/webhook-settings")).applyWebhookSettings({ WEBHOOK_TIMEOUT_MS: "500" }));

const tokens = tokensOf("operator", "ingest");
const { receiver, worker } = endedAfterEach();

/** A merchant with a credential, and its merchant account's token. */
async function merchantWithAccount() {
  const m = await insertCredential({ merchantName: "Merchant-set URL merchant" });
  return { ...m, token: (await merchantAccount(m.merchantId)).token };
}

const create = (token: string, merchantId: string, url: string) =>
  call(createEndpoint, "/v1/webhook-endpoints", { token, body: { merchantId, url } });
const patch = (token: string, id: string, body: Record<string, unknown>) =>
  call(patchEndpoint, `/v1/webhook-endpoints/${id}`, { method: "PATCH", token, params: { id }, body });
const testSend = (token: string, id: string) =>
  call(sendTest, `/v1/webhook-endpoints/${id}/test`, { method: "POST", token, params: { id } });
const urlSetByStaff = async (id: string) =>
  (await db().webhookEndpoint.findUniqueOrThrow({ where: { id }, select: { urlSetByStaff: true } })).urlSetByStaff;

async function processedEvent(m: { mid: string; tid: string }): Promise<string> {
  const res = await call(ingest, "/v1/webhooks/events", {
    token: tokens.ingest,
    body: cardEventData({ acquirerMerchantIdentifier: m.mid, acquirerTerminalIdentifier: m.tid }),
  });
  expect(res.status).toBe(202);
  while ((await processPendingEvents()).length > 0) {}
  return res.json.id as string;
}
const attemptsOf = (eventId: string) =>
  db().webhookDeliveryAttempt.findMany({ where: { delivery: { eventId } }, orderBy: { startedAt: "asc" } });

describe("an endpoint URL a merchant account sets", () => {
  it("may not be an allow-listed private address (the 400 of no allow-list); an operator's may", async () => {
    const m = await merchantWithAccount();
    const internal = await receiver();
    // The receiver's port stands for the console's own.
    const ports = [22, 80, 5432, 6379, Number(new URL(internal.url).port)];
    // Without the allow-list, for comparison: an operator's URL at a private address nobody allow-listed.
    const unlisted = await create(tokens.operator, m.merchantId, "http://10.1.2.3:5432/h");
    expect(unlisted.status).toBe(400);
    expect(unlisted.json.errors[0].field).toBe("url");
    for (const url of [...ports.map((port) => `http://127.0.0.1:${port}/h`), "http://localhost:6379/h"]) {
      const refused = await create(m.token, m.merchantId, url);
      expect(refused.status, url).toBe(400);
      expect(refused.json.errors, url).toEqual(unlisted.json.errors);
    }
    expect(await db().webhookEndpoint.count({ where: { merchantId: m.merchantId } })).toBe(0);

    const byOperator = await create(tokens.operator, m.merchantId, internal.url);
    expect(byOperator.status).toBe(201);
    expect(await urlSetByStaff(byOperator.json.id)).toBe(true);
    // The merchant account changes what else it likes; the operator's URL stays the operator's.
    expect((await patch(m.token, byOperator.json.id, { description: "ours" })).status).toBe(200);
    expect(await urlSetByStaff(byOperator.json.id)).toBe(true);
    // But it may not point it at another port of the allow-listed host.
    const moved = await patch(m.token, byOperator.json.id, { url: "http://127.0.0.1:5432/h" });
    expect(moved.status).toBe(400);
    expect(moved.json.errors).toEqual(unlisted.json.errors);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: byOperator.json.id } })).url).toBe(internal.url);

    // A public URL is the merchant's to set, and is recorded as the merchant's.
    const own = await create(m.token, m.merchantId, "https://hooks.example.com/own");
    expect(own.status).toBe(201);
    expect(await urlSetByStaff(own.json.id)).toBe(false);
    expect((await patch(m.token, own.json.id, { url: internal.url })).status).toBe(400);
    // An operator may point it at the allow-listed receiver: then the URL is staff's.
    expect((await patch(tokens.operator, own.json.id, { url: internal.url })).status).toBe(200);
    expect(await urlSetByStaff(own.json.id)).toBe(true);
  });

  it("is never delivered to an allow-listed address, even when the row is changed behind the API's back", async () => {
    const m = await merchantWithAccount();
    const internal = await receiver();
    const own = await create(m.token, m.merchantId, "https://hooks.example.com/own");
    expect(own.status).toBe(201);
    const staffs = await registerEndpoint(tokens.operator, m.merchantId, internal.url);
    // As if the URL check had been bypassed: the merchant's row now names the allow-listed receiver.
    await db().webhookEndpoint.update({ where: { id: own.json.id }, data: { url: internal.url } });
    const eventId = await processedEvent(m);
    worker();
    const endpointAttempts = async (endpointId: string) => (await attemptsOf(eventId)).filter((a) => a.endpointId === endpointId);
    await until(async () => (await endpointAttempts(own.json.id)).length > 0 && (await endpointAttempts(staffs.id)).length > 0);
    expect((await endpointAttempts(own.json.id))[0]).toMatchObject({ statusCode: null, errorClass: "address_refused" });
    // The operator's endpoint at the same receiver is delivered to: the allow-list serves staff's URLs.
    expect((await endpointAttempts(staffs.id))[0]).toMatchObject({ statusCode: 200, errorClass: null });
    expect(internal.received).toHaveLength(1);

    // Nor does a test send reach it, whoever sends it; only staff learn why.
    expect((await testSend(m.token, own.json.id)).json).toMatchObject({
      ok: false,
      statusCode: null,
      errorClass: "connection_failed",
    });
    expect((await testSend(tokens.operator, own.json.id)).json).toMatchObject({ ok: false, errorClass: "address_refused" });
    expect(internal.received).toHaveLength(1);
  });
});

describe("a merchant account's test send", () => {
  it("says connection_failed whatever kept it from an HTTP answer; staff keep the detail", async () => {
    const m = await merchantWithAccount();
    const hanging = await receiver(() => "hang");
    const failing = await receiver(() => ({ status: 503, body: "down" }));
    const closed = `http://127.0.0.1:${await freePort()}/h`;
    const own = await create(m.token, m.merchantId, "https://hooks.example.com/own");
    expect(own.status).toBe(201);
    // Operators' URLs at the allow-listed host (a merchant account may test its merchant's endpoints).
    const cases: [string, string][] = [
      [own.json.id, "dns"],
      [(await registerEndpoint(tokens.operator, m.merchantId, closed)).id, "connection_refused"],
      [(await registerEndpoint(tokens.operator, m.merchantId, hanging.url)).id, "timeout"],
    ];
    for (const [id, detail] of cases) {
      const forStaff = await testSend(tokens.operator, id);
      expect(forStaff.json, detail).toMatchObject({ ok: false, statusCode: null, errorClass: detail });
      const forMerchant = await testSend(m.token, id);
      expect(forMerchant.status).toBe(200);
      expect(forMerchant.json, detail).toMatchObject({ ok: false, statusCode: null, errorClass: "connection_failed" });
      expect(forMerchant.text, detail).not.toContain(detail);
    }
    // An HTTP answer is told as it is: the status is the receiver's own business.
    const answered = await registerEndpoint(tokens.operator, m.merchantId, failing.url);
    expect((await testSend(m.token, answered.id)).json).toMatchObject({ ok: false, statusCode: 503, errorClass: "non_2xx" });
  });
});
