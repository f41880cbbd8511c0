// Merchants are tenants: a merchant account reaches its own merchant's objects and
// nothing else, service by service: events, credentials, merchants, webhook endpoints,
// deliveries, recover jobs; its lists hold only its rows, its cursors are its own, and what it
// may not do at all is a 403. The generated sweep over every operation is cross-tenant.test.ts.
import { describe, expect, it, vi } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { POST as changePassword } from "@/app/v1/auth/password/route";
import { GET as getCredential, PATCH as patchCredential } from "@/app/v1/credentials/[id]/route";
import { POST as createCredential, GET as listCredentials } from "@/app/v1/credentials/route";
import { GET as getMerchant } from "@/app/v1/merchants/[id]/route";
import { POST as createMerchant, GET as listMerchants } from "@/app/v1/merchants/route";
import { GET as listProviders } from "@/app/v1/providers/route";
import { GET as overview } from "@/app/v1/stats/overview/route";
import { PATCH as patchUser } from "@/app/v1/users/[id]/route";
import { POST as createUserRoute, GET as listUsers } from "@/app/v1/users/route";
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
import { POST as ingestBatch } from "@/app/v1/webhooks/events/batch/route";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { GET as exportEvents } from "@/app/v1/webhooks/events/export/route";
import { POST as bulkRetry } from "@/app/v1/webhooks/events/retry/route";
import { POST as ingest, GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { call, TEST_PASSWORD, tokensOf } from "../support/api";
import { cardEventData } from "../support/event-data";
import { drainQueue, insertPendingEvents } from "../support/events";
import { merchantAccount, twoTenants } from "../support/tenants";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOWED_ADDRESSES = "127.0.0.1";
});

const staff = tokensOf("admin", "operator", "ingest");
const { a, b } = twoTenants(staff);

const ids = (res: { json: Record<string, any> }) => (res.json.data as { id: string }[]).map((row) => row.id);
/** A's events as the database holds them: what its list must show, exactly (tests here add some). */
const eventsOfA = async () =>
  (await db().event.findMany({ where: { ownerMerchantId: a.merchantId }, select: { id: true } })).map((e) => e.id).sort();
const asA = () => ({ token: a.account.token });

describe("the merchant_id claim", () => {
  it("is in a merchant account's tokens, and a token is refused once the account belongs to another merchant", async () => {
    const account = await merchantAccount(a.merchantId);
    const claims = JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString("utf8"));
    expect(claims).toMatchObject({ role: "merchant", merchant_id: a.merchantId });
    expect((await call(listEvents, "/v1/webhooks/events", { token: account.token })).status).toBe(200);

    const moved = await call(patchUser, `/v1/users/${account.user.id}`, {
      method: "PATCH",
      token: staff.admin,
      params: { id: account.user.id },
      body: { merchantId: b.merchantId },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ role: "merchant", merchantId: b.merchantId });
    const refused = await call(listEvents, "/v1/webhooks/events", { token: account.token });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("invalid_token");
  });
});

describe("events", () => {
  it("lists, counts and exports only the merchant's events; another merchant's filter finds nothing", async () => {
    const own = await call(listEvents, "/v1/webhooks/events?limit=100", asA());
    const expected = await eventsOfA();
    expect(expected).toEqual(expect.arrayContaining([a.processedEventId, a.failedEventId]));
    expect(ids(own).sort()).toEqual(expected);

    const foreign = await call(listEvents, `/v1/webhooks/events?merchant_id=${b.merchantId}`, asA());
    expect(foreign.status).toBe(200);
    expect(foreign.json.data).toEqual([]);

    const count = await call(countEvents, "/v1/webhooks/events/count", asA());
    expect(count.json).toEqual({ count: expected.length, capped: false });
    expect((await call(countEvents, `/v1/webhooks/events/count?merchant_id=${b.merchantId}`, asA())).json.count).toBe(0);

    const csv = await call(exportEvents, "/v1/webhooks/events/export", asA());
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(a.processedEventId);
    expect(csv.text).toContain(a.failedEventId);
    expect(csv.text).not.toContain(b.processedEventId);
    expect(csv.text.trim().split("\r\n")).toHaveLength(expected.length + 1);
  });

  it("reads its own event with its deliveries; another merchant's is a 404", async () => {
    const own = await call(getEvent, `/v1/webhooks/events/${a.processedEventId}`, {
      ...asA(),
      params: { id: a.processedEventId },
    });
    expect(own.status).toBe(200);
    expect(own.json.deliveries.map((d: { id: string }) => d.id)).toEqual([a.deliveryId]);
    const foreign = await call(getEvent, `/v1/webhooks/events/${b.processedEventId}`, {
      ...asA(),
      params: { id: b.processedEventId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(b.merchantId);
  });

  it("belongs to the merchant whose credential matched it, else to the merchant it names", async () => {
    // Names B but carries A's MID and TID: A's acquirer account took the payment.
    const misnamed = { merchantId: b.merchantId, acquirerMerchantIdentifier: a.mid, acquirerTerminalIdentifier: a.tid };
    const batch = await call(ingestBatch, "/v1/webhooks/events/batch", {
      token: staff.ingest,
      body: { events: [cardEventData(misnamed)] },
    });
    const single = await call(ingest, "/v1/webhooks/events", { token: staff.ingest, body: cardEventData(misnamed) });
    expect(single.status).toBe(202);
    // Both forms decide on arrival: A's already. A notification still pending (a load's, or one
    // from before an upgrade) is the merchant's it names until the worker matches it.
    const [pending] = await insertPendingEvents(1, () => misnamed);
    const pendingOwner = await db().event.findFirstOrThrow({ where: { id: pending }, select: { ownerMerchantId: true } });
    expect(pendingOwner.ownerMerchantId).toBe(b.merchantId);
    await drainQueue();

    const mine = [batch.json.data[0].id as string, single.json.id as string, pending as string];
    const seenByA = ids(await call(listEvents, `/v1/webhooks/events?merchant_id=${b.merchantId}&limit=100`, asA()));
    expect(seenByA.sort()).toEqual(mine.sort());
    const seenByB = ids(await call(listEvents, "/v1/webhooks/events?limit=100", { token: b.account.token }));
    expect(seenByB).not.toContain(mine[0]);
    expect(seenByB).not.toContain(mine[1]);
    expect(seenByB).not.toContain(mine[2]);
    expect(seenByB).toContain(b.failedEventId);
  });

  it("refuses a cursor made under another scope (400), and continues its own", async () => {
    const staffPage = await call(listEvents, "/v1/webhooks/events?limit=1", { token: staff.admin });
    const staffCursor = staffPage.json.metadata.cursor as string;
    const mixed = await call(listEvents, `/v1/webhooks/events?limit=1&cursor=${staffCursor}`, asA());
    expect(mixed.status).toBe(400);
    expect(mixed.json.code).toBe("invalid_cursor");

    const first = await call(listEvents, "/v1/webhooks/events?limit=1&sort=asc", asA());
    const cursor = first.json.metadata.cursor as string;
    expect(cursor).toBeTruthy();
    const byB = await call(listEvents, `/v1/webhooks/events?limit=1&sort=asc&cursor=${cursor}`, { token: b.account.token });
    expect(byB.status).toBe(400);
    const next = await call(listEvents, `/v1/webhooks/events?limit=1&sort=asc&cursor=${cursor}`, asA());
    expect(next.status).toBe(200);
    expect(ids(next)).toHaveLength(1);
    expect(ids(next)[0]).not.toBe(ids(first)[0]);
  });
});

describe("credentials and merchants", () => {
  it("reads its own credentials, masked; another merchant's are not found; writes are refused", async () => {
    expect(ids(await call(listCredentials, "/v1/credentials", asA()))).toEqual([a.credentialId]);
    expect((await call(listCredentials, `/v1/credentials?merchantId=${b.merchantId}`, asA())).json.data).toEqual([]);
    expect(
      (await call(getCredential, `/v1/credentials/${a.credentialId}`, { ...asA(), params: { id: a.credentialId } })).status,
    ).toBe(200);
    expect(
      (await call(getCredential, `/v1/credentials/${b.credentialId}`, { ...asA(), params: { id: b.credentialId } })).status,
    ).toBe(404);
    const patch = await call(patchCredential, `/v1/credentials/${a.credentialId}`, {
      ...asA(),
      method: "PATCH",
      params: { id: a.credentialId },
      body: { enabled: false },
    });
    expect(patch.status).toBe(403);
    const create = await call(createCredential, "/v1/credentials", { ...asA(), body: { merchantId: a.merchantId } });
    expect(create.status).toBe(403);
  });

  it("sees only its own merchant", async () => {
    expect(ids(await call(listMerchants, "/v1/merchants", asA()))).toEqual([a.merchantId]);
    expect((await call(listMerchants, `/v1/merchants?id=${b.merchantId}`, asA())).json.data).toEqual([]);
    expect((await call(getMerchant, `/v1/merchants/${a.merchantId}`, { ...asA(), params: { id: a.merchantId } })).json.name).toBe(
      a.name,
    );
    expect((await call(getMerchant, `/v1/merchants/${b.merchantId}`, { ...asA(), params: { id: b.merchantId } })).status).toBe(
      404,
    );
    const create = await call(createMerchant, "/v1/merchants", { ...asA(), body: { name: "Mine", taxId: "11222333000181" } });
    expect(create.status).toBe(403);
  });
});

describe("webhook endpoints, deliveries and recover jobs", () => {
  const byId = (id: string, extra: Record<string, unknown> = {}) => ({ ...asA(), params: { id }, ...extra });

  it("lists and reads its own endpoints; another merchant's are not found for any operation", async () => {
    const endpoints = ids(await call(listEndpoints, "/v1/webhook-endpoints", asA()));
    const ownEndpoints = await db().webhookEndpoint.findMany({ where: { merchantId: a.merchantId }, select: { id: true } });
    expect(endpoints.sort()).toEqual(ownEndpoints.map((e) => e.id).sort());
    expect(endpoints).toContain(a.endpointId);
    expect((await call(listEndpoints, `/v1/webhook-endpoints?merchantId=${b.merchantId}`, asA())).json.data).toEqual([]);
    expect((await call(getEndpoint, `/v1/webhook-endpoints/${a.endpointId}`, byId(a.endpointId))).status).toBe(200);
    const path = `/v1/webhook-endpoints/${b.endpointId}`;
    expect((await call(getEndpoint, path, byId(b.endpointId))).status).toBe(404);
    expect((await call(patchEndpoint, path, byId(b.endpointId, { method: "PATCH", body: { enabled: false } }))).status).toBe(404);
    expect((await call(rotate, `${path}/rotate-secret`, byId(b.endpointId, { method: "POST" }))).status).toBe(404);
    expect((await call(sendTest, `${path}/test`, byId(b.endpointId, { method: "POST" }))).status).toBe(404);
    expect((await call(recover, `${path}/recover`, byId(b.endpointId, { body: { since: "2020-01-01T00:00:00Z" } }))).status).toBe(
      404,
    );
    const untouched = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: b.endpointId } });
    expect(untouched).toMatchObject({ enabled: true, secretRotatedAt: null });
  });

  it("creates, changes and rotates its own endpoints; an endpoint for another merchant is refused (422)", async () => {
    const foreign = await call(createEndpoint, "/v1/webhook-endpoints", {
      ...asA(),
      body: { merchantId: b.merchantId, url: "http://127.0.0.1:9/foreign" },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.code).toBe("merchant_not_found");
    expect(await db().webhookEndpoint.count({ where: { url: "http://127.0.0.1:9/foreign" } })).toBe(0);

    const created = await call(createEndpoint, "/v1/webhook-endpoints", {
      ...asA(),
      // A public receiver: the allow-list (127.0.0.1 here) serves only URLs staff set.
      body: { merchantId: a.merchantId, url: "https://hooks.example.com/own" },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const path = `/v1/webhook-endpoints/${id}`;
    const changed = await call(patchEndpoint, path, byId(id, { method: "PATCH", body: { description: "ours" } }));
    expect(changed.json.description).toBe("ours");
    expect((await call(rotate, `${path}/rotate-secret`, byId(id, { method: "POST" }))).status).toBe(200);
  });

  it("reads and resends its own deliveries; another merchant's are not found and stay as they were", async () => {
    const deliveries = await call(listDeliveries, "/v1/webhook-deliveries?limit=100", asA());
    expect(ids(deliveries)).toContain(a.deliveryId);
    for (const delivery of deliveries.json.data) expect(delivery.merchantId).toBe(a.merchantId);
    const filtered = await call(listDeliveries, `/v1/webhook-deliveries?endpointId=${b.endpointId}`, asA());
    expect(filtered.json.data).toEqual([]);
    expect((await call(getDelivery, `/v1/webhook-deliveries/${b.deliveryId}`, byId(b.deliveryId))).status).toBe(404);
    const foreign = await call(resend, `/v1/webhook-deliveries/${b.deliveryId}/resend`, byId(b.deliveryId, { method: "POST" }));
    expect(foreign.status).toBe(404);
    expect((await db().webhookDelivery.findFirstOrThrow({ where: { id: b.deliveryId } })).status).toBe("failed");

    const own = await call(resend, `/v1/webhook-deliveries/${a.deliveryId}/resend`, byId(a.deliveryId, { method: "POST" }));
    expect(own.status).toBe(202);
    expect(own.json.status).toBe("pending");
  });

  it("reads its own recover jobs only", async () => {
    expect((await call(getRecoverJob, `/v1/webhook-recover-jobs/${a.recoverJobId}`, byId(a.recoverJobId))).status).toBe(200);
    expect((await call(getRecoverJob, `/v1/webhook-recover-jobs/${b.recoverJobId}`, byId(b.recoverJobId))).status).toBe(404);
  });
});

describe("what a merchant account may not do", () => {
  it("is refused users, the audit log, the overview, ingestion and retries (403); reads providers", async () => {
    const refused = [
      await call(listUsers, "/v1/users", asA()),
      await call(auditLog, "/v1/audit-log", asA()),
      await call(overview, "/v1/stats/overview", asA()),
      await call(ingest, "/v1/webhooks/events", { ...asA(), body: cardEventData({ merchantId: a.merchantId }) }),
      await call(ingestBatch, "/v1/webhooks/events/batch", { ...asA(), body: { events: [cardEventData()] } }),
      await call(retryEvent, `/v1/webhooks/events/${a.failedEventId}/retry`, {
        ...asA(),
        method: "POST",
        params: { id: a.failedEventId },
      }),
      await call(bulkRetry, "/v1/webhooks/events/retry", { ...asA(), body: { filters: {} } }),
    ];
    for (const res of refused) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.code).toBe("insufficient_scope");
    }
    expect((await call(listProviders, "/v1/providers", asA())).status).toBe(200);
  });

  it("changes its own password", async () => {
    const account = await merchantAccount(a.merchantId);
    const res = await call(changePassword, "/v1/auth/password", {
      token: account.token,
      body: { current_password: TEST_PASSWORD, new_password: "a brand new passphrase" },
    });
    expect(res.status).toBe(200);
  });
});

describe("merchant accounts through POST and PATCH /v1/users", () => {
  it("creates one for an existing merchant; refuses an unknown merchant (422) and a merchantId without the role (400)", async () => {
    const username = `m-${Date.now()}`;
    const created = await call(createUserRoute, "/v1/users", {
      token: staff.admin,
      body: { username, role: "merchant", merchantId: a.merchantId },
    });
    expect(created.status).toBe(201);
    expect(created.json.user).toMatchObject({ role: "merchant", merchantId: a.merchantId });

    const unknown = await call(createUserRoute, "/v1/users", {
      token: staff.admin,
      body: { username: `${username}-x`, role: "merchant", merchantId: "d00000000000000000g0" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.code).toBe("merchant_not_found");
    for (const body of [
      { username: `${username}-y`, role: "merchant" },
      { username: `${username}-z`, role: "viewer", merchantId: a.merchantId },
    ]) {
      const res = await call(createUserRoute, "/v1/users", { token: staff.admin, body });
      expect(res.status).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain("merchantId");
    }

    // Another role clears the merchant; becoming a merchant account again needs one.
    const id = created.json.user.id as string;
    const patch = (body: unknown) =>
      call(patchUser, `/v1/users/${id}`, { method: "PATCH", token: staff.admin, params: { id }, body });
    expect((await patch({ role: "viewer" })).json).toMatchObject({ role: "viewer", merchantId: null });
    expect((await patch({ role: "merchant" })).status).toBe(422);
    expect((await patch({ merchantId: a.merchantId })).status).toBe(422);
    expect((await patch({ role: "merchant", merchantId: b.merchantId })).json).toMatchObject({
      role: "merchant",
      merchantId: b.merchantId,
    });
  });
});
