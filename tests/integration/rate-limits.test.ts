// Rate limits on writes, exports and token refresh or revocation (the first security review found none), counted in
// PostgreSQL so that every instance shares them; ingestion is never limited.
import { describe, expect, it } from "vitest";
import { POST as refresh } from "@/app/v1/auth/refresh/route";
import { POST as revoke } from "@/app/v1/auth/revoke/route";
import { POST as createMerchant } from "@/app/v1/merchants/route";
import { GET as exportCsv } from "@/app/v1/webhooks/events/export/route";
import { POST as ingest } from "@/app/v1/webhooks/events/route";
import { db } from "@/lib/db/client";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired";
import { call, userWithTokens } from "../support/api";
import { insertCredential } from "../support/credentials";
import { cardEventData } from "../support/event-data";
import { merchantAccount } from "../support/tenants";

describe("rate limits", () => {
  it("limits one user's writes to 300 a minute, bad requests included, and not another user's", async () => {
    const { accessToken } = await userWithTokens("operator");
    for (let i = 0; i < 300; i++) {
      const res = await call(createMerchant, "/v1/merchants", { body: { name: "" }, token: accessToken });
      expect(res.status).toBe(400);
    }
    const limited = await call(createMerchant, "/v1/merchants", { body: { name: "" }, token: accessToken });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // The IETF RateLimit fields say which quota is spent, and for how long (lib/http/rate-limit-fields.ts).
    expect(limited.headers.get("ratelimit-policy")).toBe('"writes";q=300;w=60');
    expect(limited.headers.get("ratelimit")).toMatch(/^"writes";r=0;t=\d+$/);
    const other = await userWithTokens("operator");
    expect((await call(createMerchant, "/v1/merchants", { body: { name: "" }, token: other.accessToken })).status).toBe(400);
  });

  it("limits one user's exports to 30 a minute", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(exportCsv, "/v1/webhooks/events/export?merchant_id=none", { token: accessToken });
      statuses.push(res.status);
      // An export is a read too: both quotas it spends, each with what is left of it.
      if (i === 0)
        expect(res.headers.get("ratelimit")).toMatch(/^"exports";r=29;t=\d+, "reads";r=\d+;t=\d+, "reads-per-second";r=\d+;t=1$/);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it("limits a merchant account's exports like any other account's", async () => {
    const { merchantId } = await insertCredential();
    const { token } = await merchantAccount(merchantId);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call(exportCsv, "/v1/webhooks/events/export", { token })).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it("limits token refresh and revocation to 60 a minute per client address", async () => {
    const address = { "x-forwarded-for": "198.18.0.7" };
    for (let i = 0; i < 30; i++) {
      expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: "x.y.z" }, headers: address })).status).toBe(400);
      expect((await call(revoke, "/v1/auth/revoke", { body: { refresh_token: "x.y.z" }, headers: address })).status).toBe(200);
    }
    const limited = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: "x.y.z" }, headers: address });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    const elsewhere = await call(refresh, "/v1/auth/refresh", { body: { refresh_token: "x.y.z" } });
    expect(elsewhere.status).toBe(400);
  });

  it("never limits ingestion: a refused notification would be lost", async () => {
    const { accessToken } = await userWithTokens("ingest");
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++) {
      statuses.add((await call(ingest, "/v1/webhooks/events", { body: cardEventData(), token: accessToken })).status);
    }
    expect([...statuses]).toEqual([202]);
  });

  it("purges expired buckets and refresh tokens, and keeps live ones", async () => {
    const { refreshToken } = await userWithTokens("viewer");
    await db().$executeRaw`INSERT INTO rate_limit_buckets (key, count, window_start, expires_at)
      VALUES ('test:expired', 1, now() - interval '2 hours', now() - interval '1 hour'), ('test:live', 1, now(), now() + interval '1 hour')`;
    const family = await db().refreshFamily.create({
      data: {
        id: "purgetestfamily00001",
        userId: (await db().user.findFirstOrThrow()).id,
        expiresAt: new Date(Date.now() - 2 * 86_400_000),
      },
    });
    await db().refreshToken.create({ data: { id: "purgetesttoken000001", familyId: family.id, expiresAt: family.expiresAt } });
    await purgeExpiredRows();
    expect(await db().rateLimitBucket.findUnique({ where: { key: "test:expired" } })).toBeNull();
    expect(await db().rateLimitBucket.findUnique({ where: { key: "test:live" } })).not.toBeNull();
    expect(await db().refreshFamily.findUnique({ where: { id: family.id } })).toBeNull();
    expect(await db().refreshToken.findUnique({ where: { id: "purgetesttoken000001" } })).toBeNull();
    expect((await call(refresh, "/v1/auth/refresh", { body: { refresh_token: refreshToken } })).status).toBe(200);
  });
});
