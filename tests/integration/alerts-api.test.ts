// The alerts API and their operational webhooks: GET /v1/alerts paged and
// filtered by state and kind, a merchant account seeing only its merchant's alerts;
// POST /v1/alerts/{id}/acknowledge by operators, audited; alert.opened and alert.resolved signed
// (Standard Webhooks, verified with the standardwebhooks library), retried, sent to the endpoints
// that take them: the merchant's own, and an admin's endpoint for every alert.
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as acknowledge } from "@/app/v1/alerts/[id]/acknowledge/route";
import { GET as listAlerts } from "@/app/v1/alerts/route";
import { PATCH as patchEndpoint } from "@/app/v1/webhook-endpoints/[id]/route";
import { POST as createEndpoint } from "@/app/v1/webhook-endpoints/route";
import { deliverDueAlerts } from "@/lib/alert-delivery/deliver-alerts";
import { openAlert, resolveAlert } from "@/lib/alerts/alert-transitions";
import type { Finding } from "@/lib/alerts/finding";
import { db } from "@/lib/db/client";
import { testClock } from "../support/alert-history";
import { call, tokensOf } from "../support/api";
import { insertCredential } from "../support/credentials";
import { runOnOwnDatabase } from "../support/own-database";
import { merchantAccount } from "../support/tenants";
import { startReceiver, until } from "../support/webhook-receiver";

vi.hoisted(() => {
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
    WEBHOOK_RETRY_SCHEDULE: "0,0.1,0.1",
    WEBHOOK_RETRY_JITTER: "0",
  });
});

runOnOwnDatabase("pic_alerts_api");

const tokens = tokensOf("admin", "operator", "viewer");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

let sequence = 0;
function finding(merchantId: string | null, kind: Finding["kind"] = "failure_rate"): Finding {
  sequence++;
  return {
    kind,
    subjectType: merchantId ? "merchant" : "acquirer",
    subjectId: merchantId ?? `acq-${sequence}`,
    reason: kind === "failure_rate" ? `reason_${sequence}` : "",
    merchantId,
    details: { rate: 0.5 },
  };
}

const list = (token: string, query = "") => call(listAlerts, `/v1/alerts${query}`, { token });

describe("GET /v1/alerts", () => {
  it("pages, filters by state and kind, and shows a merchant account only its merchant's alerts", async () => {
    const now = testClock(0);
    const a = await insertCredential();
    const b = await insertCredential();
    const ofA = [await openAlert(finding(a.merchantId), now), await openAlert(finding(a.merchantId, "silence"), now)];
    const ofB = await openAlert(finding(b.merchantId), now);
    const platform = await openAlert(finding(null), now);
    const resolved = await openAlert(finding(a.merchantId), now);
    await resolveAlert(resolved!.id, now);

    // Staff: every alert, two at a time, newest first.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(tokens.viewer, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.data.map((alert: { id: string }) => alert.id));
      cursor = page.json.metadata.cursor;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining([...ofA.map((x) => x!.id), ofB!.id, platform!.id, resolved!.id]));

    const open = await list(tokens.viewer, "?state=open&kind=failure_rate&limit=100");
    const openIds = open.json.data.map((alert: { id: string }) => alert.id);
    expect(openIds).toEqual(expect.arrayContaining([ofA[0]!.id, ofB!.id, platform!.id]));
    expect(openIds).not.toContain(ofA[1]!.id);
    expect(openIds).not.toContain(resolved!.id);
    const gone = await list(tokens.viewer, "?state=resolved&limit=100");
    expect(gone.json.data.map((alert: { id: string }) => alert.id)).toContain(resolved!.id);
    expect(gone.json.data.every((alert: { state: string }) => alert.state === "resolved")).toBe(true);

    const bad = await list(tokens.viewer, "?state=sleeping");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("state");

    // A merchant account: its merchant's alerts only, open and resolved.
    const account = await merchantAccount(a.merchantId);
    const mine = await list(account.token, "?limit=100");
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((alert: { id: string }) => alert.id).sort()).toEqual(
      [...ofA.map((x) => x!.id), resolved!.id].sort(),
    );
    // A staff cursor is not the merchant's.
    const staffPage = await list(tokens.viewer, "?limit=1");
    const crossed = await list(account.token, `?limit=1&cursor=${staffPage.json.metadata.cursor}`);
    expect(crossed.status).toBe(400);
  });
});

describe("POST /v1/alerts/{id}/acknowledge", () => {
  it("acknowledges for operators (audited once), refuses viewers and merchant accounts, 404 for an unknown id", async () => {
    const now = testClock(1);
    const m = await insertCredential();
    const alert = (await openAlert(finding(m.merchantId), now))!;
    const path = `/v1/alerts/${alert.id}/acknowledge`;

    expect((await call(acknowledge, path, { method: "POST", token: tokens.viewer, params: { id: alert.id } })).status).toBe(403);
    const account = await merchantAccount(m.merchantId);
    expect((await call(acknowledge, path, { method: "POST", token: account.token, params: { id: alert.id } })).status).toBe(403);
    const unknown = "aaaaaaaaaaaaaaaaaaaa";
    expect(
      (
        await call(acknowledge, `/v1/alerts/${unknown}/acknowledge`, {
          method: "POST",
          token: tokens.operator,
          params: { id: unknown },
        })
      ).status,
    ).toBe(404);

    const res = await call(acknowledge, path, { method: "POST", token: tokens.operator, params: { id: alert.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: alert.id, state: "acknowledged", acknowledgedBy: expect.stringMatching(/^operator-/) });
    const again = await call(acknowledge, path, { method: "POST", token: tokens.admin, params: { id: alert.id } });
    expect(again.json.acknowledgedBy).toBe(res.json.acknowledgedBy);

    const audit = await db().auditLogEntry.findMany({
      where: { targetType: "alert", targetId: alert.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual(["alert.open", "alert.acknowledge"]);
    expect(audit[1]!.actorUsername).toBe(res.json.acknowledgedBy);
    expect(audit[1]!.after).toMatchObject({ state: "acknowledged" });

    const acknowledged = await list(tokens.viewer, "?state=acknowledged&limit=100");
    expect(acknowledged.json.data.map((a: { id: string }) => a.id)).toContain(alert.id);
  });
});

describe("operational webhooks", () => {
  async function receiver(...args: Parameters<typeof startReceiver>) {
    const r = await startReceiver(...args);
    cleanups.push(r.close);
    return r;
  }

  async function endpoint(token: string, body: Record<string, unknown>) {
    const res = await call(createEndpoint, "/v1/webhook-endpoints", { token, body });
    expect(res.status).toBe(201);
    return res.json as { id: string; secret: string };
  }

  it("signs, retries and delivers alert.opened and alert.resolved to the merchant's endpoint and an admin's every-alert endpoint", async () => {
    const now = testClock(2);
    const a = await insertCredential();
    const b = await insertCredential();
    // The merchant's receiver fails its first attempt: the retry schedule sends it again.
    const own = await receiver((_, index) => ({ status: index === 0 ? 500 : 200 }));
    const all = await receiver();
    const other = await receiver();
    // The merchant's endpoint: an operator's URL (the allow-list serves no URL a merchant account
    // sets), which the merchant account subscribes to its alerts.
    const account = await merchantAccount(a.merchantId);
    const ownEndpoint = await endpoint(tokens.operator, {
      merchantId: a.merchantId,
      url: own.url,
      eventTypes: ["payment.completed"],
    });
    const subscribed = await call(patchEndpoint, `/v1/webhook-endpoints/${ownEndpoint.id}`, {
      method: "PATCH",
      token: account.token,
      params: { id: ownEndpoint.id },
      body: { eventTypes: ["alert.opened", "alert.resolved"] },
    });
    expect(subscribed.status).toBe(200);
    const allEndpoint = await endpoint(tokens.admin, {
      merchantId: b.merchantId,
      url: all.url,
      eventTypes: ["alert.opened"],
      allAlerts: true,
    });
    // B's endpoint takes every event type (empty) but names no alert type: no alerts.
    await endpoint(tokens.operator, { merchantId: b.merchantId, url: other.url });
    // Only admins make an endpoint receive every alert.
    const refused = await call(createEndpoint, "/v1/webhook-endpoints", {
      token: tokens.operator,
      body: { merchantId: b.merchantId, url: other.url, eventTypes: ["alert.opened"], allAlerts: true },
    });
    expect(refused.status).toBe(403);

    const alert = (await openAlert(finding(a.merchantId), now))!;
    const platform = (await openAlert(finding(null, "queue_stalled"), now))!;
    await resolveAlert(alert.id, now);

    await until(async () => {
      await deliverDueAlerts();
      return own.received.length >= 3 && all.received.length >= 2;
    });
    const verify = (secret: string, request: (typeof own.received)[number]) =>
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        data: { id: string; state: string };
      };

    const ownMessages = own.received.map((request) => verify(ownEndpoint.secret, request));
    // The first attempt (500) is retried with the same webhook-id.
    const firstId = own.received[0]!.headers["webhook-id"];
    expect(own.received.slice(1).filter((request) => request.headers["webhook-id"] === firstId)).toHaveLength(1);
    expect(ownMessages.map((m) => [m.type, m.data.id, m.data.state])).toEqual(
      expect.arrayContaining([
        ["alert.opened", alert.id, "open"],
        ["alert.resolved", alert.id, "resolved"],
      ]),
    );
    expect(ownMessages.every((m) => m.data.id === alert.id)).toBe(true);

    const allMessages = all.received.map((request) => verify(allEndpoint.secret, request));
    expect(allMessages.map((m) => [m.type, m.data.id]).sort()).toEqual(
      [
        ["alert.opened", alert.id],
        ["alert.opened", platform.id],
      ].sort(),
    );
    expect(other.received).toEqual([]);
    const deliveries = await db().alertDelivery.findMany({ where: { alertId: alert.id, endpointId: ownEndpoint.id } });
    expect(deliveries.map((d) => d.status)).toEqual(["succeeded", "succeeded"]);
  });
});
