// The cross-tenant sweep (merchants are tenants), generated from the OpenAPI document: EVERY operation of
// /v1, called by merchant A's account with merchant B's ids in its path, B's merchant in its
// merchant filters and B in its body, answers 403, 404, 422 or a page without B's rows, never a
// byte of B's data; and none of B's objects changes. A new operation is swept without a word
// here, unless it takes a path id or a body nobody described yet: then this test fails and says
// which to add, so no operation escapes it.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importStatement } from "@/app/v1/reconciliation/imports/route";
import { POST as bulkRetry } from "@/app/v1/webhooks/events/retry/route";
import { db } from "@/lib/db/client";
import { settledRetryJob } from "@/lib/events/retry/bulk-retry";
import type { RouteHandler } from "@/lib/http/route";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { openApiDocument } from "@/lib/openapi/document";
import { HTTP_METHODS, isReference, type Operation, type Parameter } from "@/lib/openapi/types";
import { call, tokensOf, uniqueName } from "../support/api";
import { cardEventData } from "../support/event-data";
import { routeFileOf } from "../support/route-files";
import { csvFile, saoPauloDay } from "../support/statement-files";
import { markersOf, type Tenant, twoTenants } from "../support/tenants";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOWED_ADDRESSES = "127.0.0.1";
});

/** Operations without an access token (token issuance, the document itself) or on one's own account only. */
const NOT_SWEPT: Record<string, string> = {
  "post /v1/auth": "issues tokens for a password; reaches no merchant's data",
  "post /v1/auth/refresh": "authenticated by a refresh token in the body",
  "post /v1/auth/revoke": "authenticated by a refresh token in the body",
  "get /v1/openapi.json": "public, the same for everyone",
  "post /v1/auth/password": "the caller's own account; names no id (tests/integration/tenant-scope.test.ts changes it)",
};

const staff = tokensOf("admin", "operator", "ingest");
const { a, b } = twoTenants(staff);
let bRetryJobId: string;
/** A statement import (staff's) with one missing sale on each tenant's terminal: its id and each one's exception. */
let importId: string;
const exceptionOf = new Map<string, string>();

beforeAll(async () => {
  // A bulk retry over B's failed events (staff's), so the job's path has an id of B's.
  const job = await call(bulkRetry, "/v1/webhooks/events/retry", {
    token: staff.admin,
    body: { filters: { merchant_id: b.merchantId } },
  });
  bRetryJobId = job.json.id;
  await settledRetryJob(bRetryJobId);
  const sale = (t: Tenant) => ({
    acquirer: "cielo",
    mid: t.mid,
    tid: t.tid,
    sale_date: saoPauloDay(),
    amount: 4242,
    status: "approved",
  });
  const imported = await call(importStatement, "/v1/reconciliation/imports", {
    method: "POST",
    token: staff.operator,
    rawBody: csvFile([sale(a), sale(b)]),
    headers: { "content-type": "text/plain" },
  });
  if (imported.status !== 201) throw new Error(`import: ${imported.status} ${imported.text}`);
  importId = imported.json.id;
  for (const x of await db().reconciliationException.findMany({ where: { importId } })) exceptionOf.set(x.merchantId!, x.id);
});

/** The tenant's id for the {id} of a path, by the resource the path starts with. */
function idFor(route: string, t: Tenant, method: string): string {
  // Deleting removes the endpoint: the tenant's spare one, so later operations find theirs.
  if (method === "delete" && route === "/v1/webhook-endpoints/{id}") return t.spareEndpointId;
  const table: [RegExp, () => string][] = [
    [/^\/v1\/merchants\//, () => t.merchantId],
    [/^\/v1\/credentials\//, () => t.credentialId],
    [/^\/v1\/webhook-endpoints\//, () => t.endpointId],
    [/^\/v1\/webhook-deliveries\//, () => t.deliveryId],
    [/^\/v1\/webhook-recover-jobs\//, () => t.recoverJobId],
    [/^\/v1\/webhooks\/events\//, () => t.failedEventId],
    // A staff job over B's events (no merchant's object: refused to every merchant account).
    [/^\/v1\/event-retry-jobs\//, () => bRetryJobId],
    [/^\/v1\/users\//, () => t.account.user.id],
    [/^\/v1\/alerts\//, () => t.alertId],
    // A staff import spanning both tenants (refused to every merchant account).
    [/^\/v1\/reconciliation\/imports\//, () => importId],
    [/^\/v1\/reconciliation\/exceptions\//, () => exceptionOf.get(t.merchantId)!],
    [/^\/v1\/reconciliation\/merchants\//, () => t.merchantId],
  ];
  const hit = table.find(([pattern]) => pattern.test(route));
  if (!hit) throw new Error(`${route}: say which of a tenant's objects its {id} names (idFor in this file)`);
  return hit[1]();
}

/** The tenant's value for a query parameter that names one of its objects; others are left out. */
function queryValue(name: string, t: Tenant): string | undefined {
  const values: Record<string, () => string> = {
    merchant_id: () => t.merchantId,
    merchantId: () => t.merchantId,
    endpointId: () => t.endpointId,
    eventId: () => t.processedEventId,
    q: () => t.processedEventId,
    // GET /v1/merchants?id=...
    id: () => t.merchantId,
  };
  return values[name]?.();
}

/** A valid body naming the tenant wherever the operation takes a merchant. */
function bodyFor(key: string, t: Tenant): unknown {
  const bodies: Record<string, () => unknown> = {
    "post /v1/credentials": () => ({
      merchantId: t.merchantId,
      providerId: "unused",
      providerName: "cielo",
      authenticationData: { merchantIdentifier: "M1", terminalIdentifier: "T1234567" },
    }),
    "patch /v1/credentials/{id}": () => ({ enabled: false }),
    "post /v1/merchants": () => ({ name: "Another merchant", taxId: generateCnpj() }),
    "patch /v1/merchants/{id}": () => ({ name: "Renamed" }),
    "post /v1/users": () => ({ username: uniqueName("swept"), role: "merchant", merchantId: t.merchantId }),
    "patch /v1/users/{id}": () => ({ role: "viewer" }),
    // Public URLs: the allow-list (127.0.0.1) serves no URL a merchant account sets.
    "post /v1/webhook-endpoints": () => ({ merchantId: t.merchantId, url: "https://hooks.example.com/swept" }),
    "patch /v1/webhook-endpoints/{id}": () => ({ enabled: false, url: "https://hooks.example.com/taken-over" }),
    "post /v1/webhook-endpoints/{id}/recover": () => ({ since: "2020-01-01T00:00:00Z" }),
    "post /v1/webhooks/events": () => cardEventData({ merchantId: t.merchantId }),
    "post /v1/webhooks/events/batch": () => ({ events: [cardEventData({ merchantId: t.merchantId })] }),
    "post /v1/webhooks/events/retry": () => ({ filters: { merchant_id: t.merchantId } }),
    "put /v1/webhooks/events/retention": () => ({ months: 12 }),
    "post /v1/reconciliation/imports": () =>
      csvFile([{ acquirer: "cielo", mid: t.mid, tid: t.tid, sale_date: "2026-01-01", amount: 1, status: "approved" }]),
    "post /v1/reconciliation/exceptions/{id}/resolve": () => ({ note: "swept" }),
    "patch /v1/webhooks/events/retention": () => ({ months: 12 }),
  };
  const body = bodies[key];
  if (!body) throw new Error(`${key}: describe a body naming the tenant (bodyFor in this file)`);
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
      db().alert.findMany({ where: { merchantId: b.merchantId }, orderBy: { id: "asc" } }),
      db().reconciliationException.findMany({ where: { merchantId: b.merchantId }, orderBy: { id: "asc" } }),
    ]),
    (_, value) => (typeof value === "bigint" ? String(value) : value),
  );
}

const operations = () =>
  Object.entries(openApiDocument().paths).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ route, method, op: item[method] as Operation }] : [])),
  );

/** Every /v1 operation of the document but NOT_SWEPT, as A's account would send it about `target`'s objects. */
async function* requestsAbout(target: Tenant) {
  for (const { route, method, op } of operations()) {
    const key = `${method} ${route}`;
    if (!route.startsWith("/v1/") || key in NOT_SWEPT) continue;
    const handler = ((await import(routeFileOf(route))) as Record<string, RouteHandler>)[method.toUpperCase()]!;
    const params: Record<string, string> = {};
    const url = new URL(
      route.replace(/\{([^}]+)\}/g, (_, name: string) => {
        params[name] = idFor(route, target, method);
        return params[name]!;
      }),
      "http://localhost",
    );
    for (const parameter of (op.parameters ?? []).filter((p): p is Parameter => !isReference(p) && p.in === "query")) {
      const value = queryValue(parameter.name, target);
      if (value) url.searchParams.set(parameter.name, value);
    }
    const body = op.requestBody ? bodyFor(key, target) : undefined;
    const sent = `${url.pathname}${url.search}${body === undefined ? "" : JSON.stringify(body)}`;
    const send = () =>
      call(handler, url.pathname + url.search, {
        method: method.toUpperCase(),
        token: a.account.token,
        params,
        ...(body === undefined ? {} : { body }),
      });
    yield { key, sent, send };
  }
}

describe("merchant A's account against merchant B's objects, for every operation of the document", () => {
  it("answers 403, 404, 422 or a page of A's own rows, never B's data, and changes nothing of B's", async () => {
    const before = await snapshotOfB();
    const swept: string[] = [];
    for await (const { key, sent, send } of requestsAbout(b)) {
      const res = await send();
      swept.push(`${key} ${res.status}`);
      expect([200, 403, 404, 422], `${key}: ${res.text}`).toContain(res.status);
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

/** What a merchant account may do (on its own objects): everything else is a 403 insufficient_scope. */
const MERCHANT_MAY = new Set([
  "get /v1/webhooks/events",
  "get /v1/webhooks/events/{id}",
  "get /v1/webhooks/events/count",
  "get /v1/webhooks/events/export",
  "get /v1/credentials",
  "get /v1/credentials/{id}",
  "get /v1/merchants",
  "get /v1/merchants/{id}",
  "get /v1/providers",
  "get /v1/event-types",
  "get /v1/webhook-endpoints",
  "post /v1/webhook-endpoints",
  "get /v1/webhook-endpoints/{id}",
  "patch /v1/webhook-endpoints/{id}",
  "post /v1/webhook-endpoints/{id}/rotate-secret",
  "post /v1/webhook-endpoints/{id}/test",
  "post /v1/webhook-endpoints/{id}/recover",
  "get /v1/webhook-recover-jobs/{id}",
  "get /v1/webhook-deliveries",
  "get /v1/webhook-deliveries/{id}",
  "post /v1/webhook-deliveries/{id}/resend",
  "post /v1/webhook-deliveries/{id}/retry-now",
  "delete /v1/webhook-endpoints/{id}",
  "get /v1/alerts",
  "get /v1/reconciliation/exceptions",
  "get /v1/reconciliation/exceptions/{id}",
  "get /v1/webhooks/events/{id}/reconciliation",
  "get /v1/reconciliation/merchants/{id}",
]);

describe("the role matrix of merchant accounts, for every operation of the document", () => {
  it("lets merchant A do what MERCHANT_MAY lists with its own objects, and refuses everything else (403)", async () => {
    const answers: string[] = [];
    for await (const { key, send } of requestsAbout(a)) {
      const res = await send();
      answers.push(key);
      // Allowed: a 2xx, or for a resend a 409 when the document's order sent recover (which requeued it) first,
      // and for a retry-now a 409 when the delivery is not waiting for a retry.
      const refusedByState = ["delivery_pending", "delivery_not_pending", "delivery_in_flight"].includes(res.json?.code);
      const done = (res.status >= 200 && res.status < 300) || refusedByState;
      if (MERCHANT_MAY.has(key)) expect(done, `${key}: ${res.text}`).toBe(true);
      else expect([res.status, res.json?.code], key).toEqual([403, "insufficient_scope"]);
    }
    // Every operation the matrix allows exists in the document (no stale entry).
    for (const key of MERCHANT_MAY) expect(answers, key).toContain(key);
  });
});
