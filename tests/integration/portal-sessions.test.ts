// Portal sessions (the embeddable merchant portal): POST /v1/merchants/{id}/portal-sessions answers a one-time link;
// its token opens exactly one session, scoped like a merchant account, until it expires or is
// revoked; operators and admins only; audited. The link's sign-in is next-auth's provider, whose
// work is redeemPortalSession (called here as the provider calls it).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as auditLog } from "@/app/v1/audit-log/route";
import { DELETE as revoke } from "@/app/v1/merchants/[id]/portal-sessions/[sessionId]/route";
import { POST as createSession } from "@/app/v1/merchants/[id]/portal-sessions/route";
import { GET as listUsers } from "@/app/v1/users/route";
import { GET as listEndpoints } from "@/app/v1/webhook-endpoints/route";
import { GET as listEvents } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired";
import { redeemPortalSession } from "@/lib/portal/redeem-portal-session";
import { call, tokensOf } from "../support/api";
import { type Tenant, tenant } from "../support/tenants";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOWED_ADDRESSES = "127.0.0.1";
});

const staff = tokensOf("admin", "operator", "viewer", "ingest");
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  a = await tenant({ operator: staff.operator, ingester: staff.ingest });
  b = await tenant({ operator: staff.operator, ingester: staff.ingest });
});

async function open(merchantId: string, token = staff.operator) {
  return call(createSession, `/v1/merchants/${merchantId}/portal-sessions`, {
    method: "POST",
    token,
    params: { id: merchantId },
  });
}
const tokenOf = (url: string) => new URL(url).hash.slice(1);

describe("portal sessions", () => {
  it("answers a one-time link whose token opens one session scoped to the merchant, like its account", async () => {
    const res = await open(a.merchantId);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json.url).toMatch(/\/portal#[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(res.json.url);
    // Only the token's hash is stored.
    const row = await db().portalSession.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(JSON.stringify(row)).not.toContain(token);

    const session = await redeemPortalSession(token);
    expect(session?.caller).toMatchObject({ role: "merchant", merchantId: a.merchantId, portalSession: true });
    // Used once: a second use (another tab, a replay) opens nothing.
    expect(await redeemPortalSession(token)).toBeNull();

    const events = await call(listEvents, "/v1/webhooks/events?limit=100", { token: session!.accessToken });
    expect(events.status).toBe(200);
    const ids = events.json.data.map((e: { id: string }) => e.id);
    expect(ids).toEqual(expect.arrayContaining([a.processedEventId, a.failedEventId]));
    expect(ids).not.toContain(b.processedEventId);
    const endpoints = await call(listEndpoints, `/v1/webhook-endpoints?merchantId=${b.merchantId}`, {
      token: session!.accessToken,
    });
    expect(endpoints.json.data).toEqual([]);
    // What a merchant account may not do, a portal session may not either.
    expect((await call(listUsers, "/v1/users", { token: session!.accessToken })).status).toBe(403);
    expect((await open(a.merchantId, session!.accessToken)).status).toBe(403);
  });

  it("refuses a link past its minutes, and a session past its end", async () => {
    const late = await open(a.merchantId);
    await db().portalSession.update({ where: { id: late.json.id }, data: { linkExpiresAt: new Date(Date.now() - 1000) } });
    expect(await redeemPortalSession(tokenOf(late.json.url))).toBeNull();

    const ended = await open(a.merchantId);
    const session = await redeemPortalSession(tokenOf(ended.json.url));
    expect(session).not.toBeNull();
    await db().portalSession.update({ where: { id: ended.json.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Another id's status is cached; this one was never read, so the end shows at once.
    const refused = await call(listEvents, "/v1/webhooks/events", { token: session!.accessToken });
    expect(refused.status).toBe(401);
  });

  it("is purged a day after its end, not before", async () => {
    const ended = (await open(a.merchantId)).json.id;
    const recent = (await open(a.merchantId)).json.id;
    await db().portalSession.update({ where: { id: ended }, data: { expiresAt: new Date(Date.now() - 2 * 86_400_000) } });
    await db().portalSession.update({ where: { id: recent }, data: { expiresAt: new Date(Date.now() - 3_600_000) } });
    await purgeExpiredRows();
    expect(await db().portalSession.findUnique({ where: { id: ended } })).toBeNull();
    expect(await db().portalSession.findUnique({ where: { id: recent } })).not.toBeNull();
  });

  it("revokes: the unused link no longer opens, an open session's tokens are refused at once; audited", async () => {
    const unused = await open(a.merchantId);
    const revokedLink = await call(revoke, `/v1/merchants/${a.merchantId}/portal-sessions/${unused.json.id}`, {
      method: "DELETE",
      token: staff.operator,
      params: { id: a.merchantId, sessionId: unused.json.id },
    });
    expect(revokedLink.status).toBe(200);
    expect(await redeemPortalSession(tokenOf(unused.json.url))).toBeNull();

    const used = await open(a.merchantId);
    const session = await redeemPortalSession(tokenOf(used.json.url));
    expect((await call(listEvents, "/v1/webhooks/events", { token: session!.accessToken })).status).toBe(200);
    const revoked = await call(revoke, `/v1/merchants/${a.merchantId}/portal-sessions/${used.json.id}`, {
      method: "DELETE",
      token: staff.admin,
      params: { id: a.merchantId, sessionId: used.json.id },
    });
    expect(revoked.json).toMatchObject({ id: used.json.id, merchantId: a.merchantId });
    expect((await call(listEvents, "/v1/webhooks/events", { token: session!.accessToken })).status).toBe(401);

    // Another merchant's path does not reach it.
    const wrongMerchant = await call(revoke, `/v1/merchants/${b.merchantId}/portal-sessions/${used.json.id}`, {
      method: "DELETE",
      token: staff.admin,
      params: { id: b.merchantId, sessionId: used.json.id },
    });
    expect(wrongMerchant.status).toBe(404);

    const audit = await call(auditLog, `/v1/audit-log?limit=100`, { token: staff.admin });
    const actions = audit.json.data
      .filter((e: { targetId: string }) => e.targetId === a.merchantId)
      .map((e: { action: string; actorUsername: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["portal_session.create", "portal_session.revoke"]));
  });

  it("is refused to viewers and merchant accounts (403), and is a 404 for an unknown merchant", async () => {
    expect((await open(a.merchantId, staff.viewer)).status).toBe(403);
    expect((await open(a.merchantId, a.account.token)).status).toBe(403);
    expect((await open(b.merchantId, a.account.token)).status).toBe(403);
    expect((await open("00000000000000000000")).status).toBe(404);
  });
});
