// Two edges of tenancy the cross-tenant sweep cannot see, since they need an object that sits
// between merchants:
// - an endpoint that receives every merchant's alerts (allAlerts) belongs, like every endpoint, to
//   some merchant A; A's account must neither see nor change it (it would then read every
//   merchant's alerts), and only an admin changes, tests, recovers or deletes it;
// - an event A owns (its credential matched) may name merchant B: the merchant_name filter must
//   not answer, a letter at a time, what B's registered name is.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as recover } from "@/app/v1/webhook-endpoints/[id]/recover/route";
import { POST as rotate } from "@/app/v1/webhook-endpoints/[id]/rotate-secret/route";
import { GET as getEndpoint, PATCH as patchEndpoint, DELETE as removeEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as sendTest } from "@/app/v1/webhook-endpoints/[id]/test/route";
import { POST as createEndpoint, GET as listEndpoints } from "@/app/v1/webhook-endpoints/route";
import { GET as countEvents } from "@/app/v1/webhooks/events/count/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { call, tokensOf } from "../support/api";
import { cardEventData } from "../support/event-data";
import { twoTenants } from "../support/tenants";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOWED_ADDRESSES = "127.0.0.1";
});

const staff = tokensOf("admin", "operator", "ingest");
const { a, b } = twoTenants(staff);

describe("an endpoint receiving every merchant's alerts", () => {
  let id: string;
  beforeAll(async () => {
    const created = await call(createEndpoint, "/v1/webhook-endpoints", {
      token: staff.admin,
      body: { merchantId: a.merchantId, url: "http://127.0.0.1:9/ops", eventTypes: ["alert.opened"], allAlerts: true },
    });
    expect(created.status).toBe(201);
    id = created.json.id;
  });

  const changes = (token: string) => {
    const at = `/v1/webhook-endpoints/${id}`;
    const params = { id };
    return {
      patch: () => call(patchEndpoint, at, { method: "PATCH", token, params, body: { url: "http://127.0.0.1:9/mine" } }),
      rotate: () => call(rotate, `${at}/rotate-secret`, { token, params, method: "POST" }),
      test: () => call(sendTest, `${at}/test`, { token, params, method: "POST" }),
      recover: () => call(recover, `${at}/recover`, { token, params, body: { since: "2020-01-01T00:00:00Z" } }),
      remove: () => call(removeEndpoint, at, { method: "DELETE", token, params }),
    };
  };

  it("is invisible to the merchant it sits under: not listed, and every read or change is a 404", async () => {
    const list = await call(listEndpoints, "/v1/webhook-endpoints?limit=100", { token: a.account.token });
    expect(list.status).toBe(200);
    expect(list.json.data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await call(getEndpoint, `/v1/webhook-endpoints/${id}`, { token: a.account.token, params: { id } })).status).toBe(404);
    for (const [name, change] of Object.entries(changes(a.account.token))) {
      expect([name, (await change()).status]).toEqual([name, 404]);
    }
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.url).toBe("http://127.0.0.1:9/ops");
    expect(row.secretRotatedAt).toBeNull();
  });

  it("is seen by an operator, who may not change, rotate, test, recover or delete it (403)", async () => {
    expect((await call(getEndpoint, `/v1/webhook-endpoints/${id}`, { token: staff.operator, params: { id } })).status).toBe(200);
    for (const [name, change] of Object.entries(changes(staff.operator))) {
      const answer = await change();
      expect([name, answer.status, answer.json.code]).toEqual([name, 403, "insufficient_scope"]);
    }
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.url).toBe("http://127.0.0.1:9/ops");
    expect(row.secretRotatedAt).toBeNull();
  });

  it("is changed by an admin", async () => {
    const { patch, rotate: rotateIt } = changes(staff.admin);
    expect((await patch()).status).toBe(200);
    expect((await rotateIt()).status).toBe(200);
  });

  it("once it no longer receives every alert, is its merchant's again", async () => {
    const off = await call(patchEndpoint, `/v1/webhook-endpoints/${id}`, {
      method: "PATCH",
      token: staff.admin,
      params: { id },
      body: { allAlerts: false },
    });
    expect(off.status).toBe(200);
    expect((await call(getEndpoint, `/v1/webhook-endpoints/${id}`, { token: a.account.token, params: { id } })).status).toBe(200);
  });
});

describe("the merchant_name filter within a merchant's scope", () => {
  it("matches the caller's own merchant's name only, never the name of a merchant its events mention", async () => {
    // A's credential matched, so A owns it; its merchantId names B.
    const event = await call(ingest, "/v1/webhooks/events", {
      token: staff.ingest,
      body: cardEventData({ merchantId: b.merchantId, acquirerMerchantIdentifier: a.mid, acquirerTerminalIdentifier: a.tid }),
    });
    expect(event.status).toBe(202);
    const count = async (token: string, name: string) => {
      const answer = await call(countEvents, `/v1/webhooks/events/count?merchant_name=${encodeURIComponent(name)}`, { token });
      expect(answer.status).toBe(200);
      return answer.json.count as number;
    };
    // Staff see the event under B's name (it names B): the filter works.
    expect(await count(staff.operator, b.name)).toBeGreaterThan(0);
    // A learns nothing of B's name, whole or in part.
    expect(await count(a.account.token, b.name)).toBe(0);
    expect(await count(a.account.token, b.name.slice(-6))).toBe(0);
    // Its own name still finds its own events that name it.
    expect(await count(a.account.token, a.name)).toBeGreaterThan(0);
  });
});
