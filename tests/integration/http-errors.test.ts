// The API's answers to malformed requests: problem+json with a stable code, never a 500.
import { describe, expect, it } from "vitest";
import { GET as benchGet, POST as benchPost } from "@/app/bench/fixed/route";
import { GET as healthz } from "@/app/healthz/route";
import { GET as readyz } from "@/app/readyz/route";
import { GET as unknownRoute } from "@/app/v1/[...unknown]/route";
import { POST as signIn, GET as signInGet } from "@/app/v1/auth/route";
import { GET as providers } from "@/app/v1/providers/route";
import { POST as importStatement } from "@/app/v1/reconciliation/imports/route";
import { call, userWithTokens } from "../support/api";

describe("request bodies", () => {
  it("answers malformed JSON with 400 malformed_json", async () => {
    const res = await call(signIn, "/v1/auth", { rawBody: '{"username": "a",', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json).toMatchObject({
      type: "/problems/malformed_json",
      title: "Bad Request",
      status: 400,
      code: "malformed_json",
    });
    expect(res.json.detail).toEqual(expect.any(String));
  });

  // Found by a security review: the NUL check recursed without a bound and overflowed the stack
  // (an unauthenticated 500 with a stack trace in the log).
  it("answers a body nested deeper than 32 levels with 400 nesting_too_deep, before any recursion", async () => {
    const deep = "[".repeat(31_000) + "]".repeat(31_000);
    const res = await call(signIn, "/v1/auth", { rawBody: deep, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("nesting_too_deep");
    expect(res.json.detail).toContain("32");
    const justEnough = `${"[".repeat(32)}${"]".repeat(32)}`;
    const shallow = await call(signIn, "/v1/auth", { rawBody: justEnough, headers: { "content-type": "application/json" } });
    expect(shallow.status).toBe(400);
    expect(shallow.json.code).toBe("validation_failed");
  });

  it("answers a body that is not JSON with 415", async () => {
    const res = await call(signIn, "/v1/auth", {
      rawBody: "username=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe("unsupported_media_type");
  });

  it("answers a body over 64 KiB with 413, declared or not", async () => {
    const big = JSON.stringify({ username: "a", password: "x".repeat(70 * 1024) });
    const declared = await call(signIn, "/v1/auth", { rawBody: big, headers: { "content-type": "application/json" } });
    expect(declared.status).toBe(413);
    expect(declared.json.code).toBe("body_too_large");
    // A stream with no Content-Length is counted as it arrives.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const request = new Request("http://localhost/v1/auth", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await signIn(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });

  it("answers a body that breaks off (the client went away) with 400 body_incomplete, a JSON body and a statement alike", async () => {
    const brokenOff = (first: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
        },
        pull(controller) {
          controller.error(new TypeError("terminated"));
        },
      });
    const json = await call(signIn, "/v1/auth", {
      rawBody: brokenOff('{"username": "a", '),
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(400);
    expect(json.json.code).toBe("body_incomplete");
    const { accessToken } = await userWithTokens("operator");
    const statement = await call(importStatement, "/v1/reconciliation/imports", {
      rawBody: brokenOff("acquirer,merchant_id,terminal_id,nsu,authorization_code,amount,currency,sale_date,status\n"),
      headers: { "content-type": "text/csv" },
      token: accessToken,
    });
    expect(statement.status).toBe(400);
    expect(statement.json.code).toBe("body_incomplete");
  });

  it("names each missing, mistyped and unknown field", async () => {
    const res = await call(signIn, "/v1/auth", { body: { password: 42, extra: true } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
    const fields = res.json.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["extra", "password", "username"]);
  });

  it("refuses a JSON value that is not an object", async () => {
    const res = await call(signIn, "/v1/auth", { rawBody: "[1,2]", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
  });
});

describe("routes and methods", () => {
  it("answers an unknown /v1 route with 404 problem+json", async () => {
    const res = await call(unknownRoute, "/v1/nothing-here", { params: { unknown: ["nothing-here"] } });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("not_found");
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const res = await call(signInGet, "/v1/auth");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.json.code).toBe("method_not_allowed");
  });

  it("refuses unknown query parameters by name", async () => {
    const { accessToken } = await userWithTokens("viewer");
    const res = await call(providers, "/v1/providers?foo=1", { token: accessToken });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ field: "foo", message: "is not a known field" }]);
  });

  // Found by a spec review: only the routes with a query schema read the query string, so
  // GET /v1/merchants/{id}?foo=1 answered 200 and POST /v1/webhooks/events?foo=1 stored the event.
  it("refuses any query parameter on a route that takes none, naming it, before anything is done", async () => {
    const { GET: getMerchant, PATCH: patchMerchant } = await import("@/app/v1/merchants/[id]/route");
    const { POST: ingest } = await import("@/app/v1/webhooks/events/route");
    const { cardEventData } = await import("../support/event-data");
    const { db } = await import("@/lib/db/client");
    const [operator, ingestor] = [await userWithTokens("operator"), await userWithTokens("ingest")];

    const read = await call(getMerchant, "/v1/merchants/m1?expand=all", { token: operator.accessToken, params: { id: "m1" } });
    expect(read.status).toBe(400);
    expect(read.json.errors).toEqual([{ field: "expand", message: "is not a known field" }]);
    const change = await call(patchMerchant, "/v1/merchants/m1?dry_run=1", {
      method: "PATCH",
      body: { name: "Renamed" },
      token: operator.accessToken,
      params: { id: "m1" },
    });
    expect(change.json.errors).toEqual([{ field: "dry_run", message: "is not a known field" }]);

    const data = cardEventData();
    const stored = () => db().event.count({ where: { retrievalReferenceNumber: data.retrievalReferenceNumber } });
    const refused = await call(ingest, "/v1/webhooks/events?source=gateway&source=again", {
      body: data,
      token: ingestor.accessToken,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ field: "source", message: "is given more than once" }]);
    expect(await stored()).toBe(0);
    expect((await call(ingest, "/v1/webhooks/events", { body: data, token: ingestor.accessToken })).status).toBe(202);
    expect(await stored()).toBe(1);

    const tokens = await call(signIn, "/v1/auth?remember=1", { body: { username: operator.username, password: "x" } });
    expect(tokens.json.errors).toEqual([{ field: "remember", message: "is not a known field" }]);
    // Authentication first: a stranger learns nothing about the route from a 400.
    expect((await call(getMerchant, "/v1/merchants/m1?expand=all", { params: { id: "m1" } })).status).toBe(401);
    // Not the API: a probe's query is not read, and an unknown route stays a 404.
    expect((await call(healthz, "/healthz?from=lb")).status).toBe(200);
    expect((await call(unknownRoute, "/v1/nowhere?x=1", { params: { unknown: ["nowhere"] } })).status).toBe(404);
  });

  it("carries X-Request-Id on every response, echoing a sane one", async () => {
    const res = await call(healthz, "/healthz", { headers: { "x-request-id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    const generated = await call(healthz, "/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-v]{20}$/);
    const problem = await call(signInGet, "/v1/auth");
    expect(problem.headers.get("x-request-id")).toBeTruthy();
  });

  it("reports health and readiness", async () => {
    expect((await call(healthz, "/healthz")).json).toEqual({ status: "ok" });
    expect((await call(readyz, "/readyz")).json).toEqual({ status: "ready" });
  });

  it("hides the benchmark's fixed-body routes unless BENCH_ROUTES=true", async () => {
    // The test environment leaves BENCH_ROUTES unset: a production deployment's default. (Called
    // directly: they are not part of the API, so the OpenAPI check of call() does not apply.)
    const url = "http://localhost/bench/fixed?bytes=100";
    expect((await benchGet(new Request(url))).status).toBe(404);
    expect((await benchPost(new Request(url, { method: "POST", body: "{}" }))).status).toBe(404);
  });
});

// PostgreSQL cannot store U+0000: found by the fuzzer as a 500 on POST /v1/credentials.
describe("NUL characters", () => {
  it("refuses one anywhere in a body with 400 naming the field, before the database sees it", async () => {
    const { POST: createCredential } = await import("@/app/v1/credentials/route");
    const { POST: ingest } = await import("@/app/v1/webhooks/events/route");
    const { cardEventData } = await import("../support/event-data");
    const admin = await userWithTokens("admin");
    const credential = await call(createCredential, "/v1/credentials", {
      body: { merchantId: "\u0000", providerId: " ", providerName: " ", authenticationData: {} },
      token: admin.accessToken,
    });
    expect(credential.status).toBe(400);
    expect(credential.json.errors).toEqual([{ field: "merchantId", message: expect.stringContaining("NUL") }]);

    const data = cardEventData();
    (data.cardData as Record<string, unknown>).holderName = "MARIA\u0000SILVA";
    const event = await call(ingest, "/v1/webhooks/events", { body: data, token: admin.accessToken });
    expect(event.status).toBe(400);
    expect(event.json.errors).toEqual([{ field: "cardData.holderName", message: expect.stringContaining("NUL") }]);
  });

  it("refuses one in a query parameter with 400 naming it, and in an id with 404", async () => {
    const { GET: listEvents } = await import("@/app/v1/webhooks/events/route");
    const { GET: getCredential } = await import("@/app/v1/credentials/[id]/route");
    const viewer = await userWithTokens("viewer");
    const list = await call(listEvents, "/v1/webhooks/events?merchant_id=%00", { token: viewer.accessToken });
    expect(list.status).toBe(400);
    expect(list.json.errors).toEqual([{ field: "merchant_id", message: expect.stringContaining("NUL") }]);
    const one = await call(getCredential, "/v1/credentials/%00", { token: viewer.accessToken, params: { id: "\u0000" } });
    expect(one.status).toBe(404);
    expect(one.json.code).toBe("not_found");
  });
});
