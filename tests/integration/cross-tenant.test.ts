// The cross-tenant sweep (issue 21), generated from the OpenAPI document: EVERY operation of
// /v1, called by merchant A's account with merchant B's ids in its path, B's merchant in its
// merchant filters and B in its body, answers 403, 404, 422 or a page without B's rows, never a
// byte of B's data; and none of B's objects changes. A new operation is swept without a word
// here, unless it takes a path id or a body nobody described yet: then this test fails and says
// which to add, so no operation escapes it.
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as bulkRetry } from "@/app/v1/webhooks/events/retry/route";
import { db } from "@/lib/db/client";
import { settledRetryJob } from "@/lib/events/bulk-retry";
import type { RouteHandler } from "@/lib/http/route";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { openApiDocument } from "@/lib/openapi/document";
import { HTTP_METHODS, isReference, type Operation, type Parameter } from "@/lib/openapi/types";
import { call, tokensOf, uniqueName } from "../support/api";
import { cardEventData } from "../support/event-data";
import { markersOf, type Tenant, tenant } from "../support/tenants";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOWED_ADDRESSES = "127.0.0.1";
});

const APP = path.resolve(import.meta.dirname, "../../app");

/** Operations without an access token (token issuance, the document itself) or on one's own account only. */
const NOT_SWEPT: Record<string, string> = {
  "post /v1/auth": "issues tokens for a password; reaches no merchant's data",
  "post /v1/auth/refresh": "authenticated by a refresh token in the body",
  "post /v1/auth/revoke": "authenticated by a refresh token in the body",
  "get /v1/openapi.json": "public, the same for everyone",
  "post /v1/auth/password": "the caller's own account; names no id (tests/integration/tenant-scope.test.ts changes it)",
};

const staff = tokensOf("admin", "operator", "ingest");
let a: Tenant;
let b: Tenant;
let bRetryJobId: string;

beforeAll(async () => {
  a = await tenant({ operator: staff.operator, ingester: staff.ingest });
  b = await tenant({ operator: staff.operator, ingester: staff.ingest });
  // A bulk retry over B's failed events (staff's), so the job's path has an id of B's.
  const job = await call(bulkRetry, "/v1/webhooks/events/retry", {
    token: staff.admin,
    body: { filters: { merchant_id: b.merchantId } },
  });
  bRetryJobId = job.json.id;
  await settledRetryJob(bRetryJobId);
});

/** B's id for the {id} of a path, by the resource the path starts with. */
function bIdFor(route: string): string {
  const table: [RegExp, () => string][] = [
    [/^\/v1\/merchants\//, () => b.merchantId],
    [/^\/v1\/credentials\//, () => b.credentialId],
    [/^\/v1\/webhook-endpoints\//, () => b.endpointId],
    [/^\/v1\/webhook-deliveries\//, () => b.deliveryId],
    [/^\/v1\/webhook-recover-jobs\//, () => b.recoverJobId],
    [/^\/v1\/webhooks\/events\//, () => b.failedEventId],
    [/^\/v1\/event-retry-jobs\//, () => bRetryJobId],
    [/^\/v1\/users\//, () => b.account.user.id],
  ];
  const hit = table.find(([pattern]) => pattern.test(route));
  if (!hit) throw new Error(`${route}: say which of B's objects its {id} names (bIdFor in this file)`);
  return hit[1]();
}

/** B's value for a query parameter that names one of its objects; others are left out. */
function bQueryValue(name: string): string | undefined {
  const values: Record<string, () => string> = {
    merchant_id: () => b.merchantId,
    merchantId: () => b.merchantId,
    endpointId: () => b.endpointId,
    eventId: () => b.processedEventId,
    q: () => b.processedEventId,
    // GET /v1/merchants?id=...
    id: () => b.merchantId,
  };
  return values[name]?.();
}

/** A valid body naming B wherever the operation takes a merchant. */
function bodyFor(key: string): unknown {
  const bodies: Record<string, () => unknown> = {
    "post /v1/credentials": () => ({
      merchantId: b.merchantId,
      providerId: "unused",
      providerName: "cielo",
      authenticationData: { merchantIdentifier: "M1", terminalIdentifier: "T1234567" },
    }),
    "patch /v1/credentials/{id}": () => ({ enabled: false }),
    "post /v1/merchants": () => ({ name: "Another merchant", taxId: generateCnpj() }),
    "patch /v1/merchants/{id}": () => ({ name: "Renamed" }),
    "post /v1/users": () => ({ username: uniqueName("swept"), role: "merchant", merchantId: b.merchantId }),
    "patch /v1/users/{id}": () => ({ role: "viewer" }),
    "post /v1/webhook-endpoints": () => ({ merchantId: b.merchantId, url: "http://127.0.0.1:9/swept" }),
    "patch /v1/webhook-endpoints/{id}": () => ({ enabled: false, url: "http://127.0.0.1:9/taken-over" }),
    "post /v1/webhook-endpoints/{id}/recover": () => ({ since: "2020-01-01T00:00:00Z" }),
    "post /v1/webhooks/events": () => cardEventData({ merchantId: b.merchantId }),
    "post /v1/webhooks/events/batch": () => ({ events: [cardEventData({ merchantId: b.merchantId })] }),
    "post /v1/webhooks/events/retry": () => ({ filters: { merchant_id: b.merchantId } }),
    "put /v1/webhooks/events/retention": () => ({ months: 12 }),
    "patch /v1/webhooks/events/retention": () => ({ months: 12 }),
  };
  const body = bodies[key];
  if (!body) throw new Error(`${key}: describe a body naming merchant B (bodyFor in this file)`);
  return body();
}

/** Everything of B's as stored, to compare after the sweep: nothing may have changed. */
async function snapshotOfB() {
  return JSON.stringify(
    await Promise.all([
      db().merchant.findUnique({ where: { id: b.merchantId } }),
      db().credential.findUnique({ where: { id: b.credentialId } }),
      db().webhookEndpoint.findMany({ where: { merchantId: b.merchantId }, orderBy: { id: "asc" } }),
      db().webhookDelivery.findMany({ where: { endpoint: { merchantId: b.merchantId } }, orderBy: { id: "asc" } }),
      db().event.findMany({ where: { ownerMerchantId: b.merchantId }, orderBy: { id: "asc" }, omit: { body: true } }),
      db().user.findUnique({ where: { id: b.account.user.id } }),
    ]),
    (_, value) => (typeof value === "bigint" ? String(value) : value),
  );
}

const operations = () =>
  Object.entries(openApiDocument().paths).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ route, method, op: item[method] as Operation }] : [])),
  );

describe("merchant A's account against merchant B's objects, for every operation of the document", () => {
  it("answers 403, 404, 422 or a page of A's own rows, never B's data, and changes nothing of B's", async () => {
    const before = await snapshotOfB();
    const swept: string[] = [];
    for (const { route, method, op } of operations()) {
      const key = `${method} ${route}`;
      if (!route.startsWith("/v1/") || key in NOT_SWEPT) continue;
      const file = path.join(APP, route.replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
      const handler = ((await import(file)) as Record<string, RouteHandler>)[method.toUpperCase()]!;
      const params: Record<string, string> = {};
      const url = new URL(
        route.replace(/\{([^}]+)\}/g, (_, name: string) => {
          params[name] = bIdFor(route);
          return params[name]!;
        }),
        "http://localhost",
      );
      for (const parameter of (op.parameters ?? []).filter((p): p is Parameter => !isReference(p) && p.in === "query")) {
        const value = bQueryValue(parameter.name);
        if (value) url.searchParams.set(parameter.name, value);
      }
      const body = op.requestBody ? bodyFor(key) : undefined;
      const res = await call(handler, url.pathname + url.search, {
        method: method.toUpperCase(),
        token: a.account.token,
        params,
        ...(body === undefined ? {} : { body }),
      });
      swept.push(`${key} ${res.status}`);
      expect([200, 403, 404, 422], `${key}: ${res.text}`).toContain(res.status);
      const sent = `${url.pathname}${url.search}${body === undefined ? "" : JSON.stringify(body)}`;
      for (const marker of markersOf(b, sent)) expect(res.text, `${key} answered B's ${marker}`).not.toContain(marker);
      if (res.status === 200 && Array.isArray(res.json?.data)) {
        for (const row of res.json.data as { merchantId?: string }[]) {
          if (row.merchantId !== undefined) expect(row.merchantId, key).toBe(a.merchantId);
        }
      }
    }
    expect(await snapshotOfB()).toBe(before);
    // Every operation but the few named above was swept (the list says what each answered).
    const expectedCount = operations().filter(
      ({ route, method }) => route.startsWith("/v1/") && !(`${method} ${route}` in NOT_SWEPT),
    ).length;
    expect(swept).toHaveLength(expectedCount);
    expect(swept.length).toBeGreaterThan(30);
  });
});
