// GET /v1/openapi.json: a well-formed OpenAPI 3.1 document that lists every route file under
// app/ with exactly the methods it implements, built from the schemas that validate requests.
// (Every response of every integration test is also checked against it: tests/support/api.ts.)
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { GET as openApiJson } from "@/app/v1/openapi.json/route";
import { signInBody } from "@/lib/auth/schemas";
import { createCredentialBody } from "@/lib/credentials/schemas";
import { listEventsQuery } from "@/lib/events/event-contract";
import type { RouteHandler } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";
import { jsonSchemaOf } from "@/lib/openapi/json-schema";
import {
  HTTP_METHODS,
  type HttpMethod,
  isReference,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Response,
} from "@/lib/openapi/types";
import { call } from "../support/api";
import {
  assertResponseMatchesDocument as assertAgainst,
  responseMismatches as mismatchesAgainst,
  type SeenResponse,
} from "../support/openapi-validator";
import { routeFiles } from "../support/route-files";

const responseMismatches = (seen: SeenResponse) => mismatchesAgainst(seen, openApiDocument());
const assertResponseMatchesDocument = (seen: SeenResponse) => assertAgainst(seen, openApiDocument());

/** Route files that are not part of the API, and why. */
const NOT_API: Record<string, string> = {
  "/api/auth/[...nextauth]": "next-auth's own endpoints for the dashboard's session",
  "/bench/fixed": "the benchmark's baseline, a 404 unless BENCH_ROUTES=true",
  "/metrics": "Prometheus's scrape target, with its own token, outside /v1 (docs/api.md, Contract)",
  "/v1/[...unknown]": "the catch-all that answers 404 for every path the document does not list",
};

/** The /v1 operations that take no access token: token issuance and this document. */
const PUBLIC_V1 = ["post /v1/auth", "post /v1/auth/refresh", "post /v1/auth/revoke", "get /v1/openapi.json"];

/** Operations that read nothing (no parameters, body or token), so no 4xx can follow from a request. */
// Outside /v1 the query string is not read; every /v1 route refuses unknown parameters (400).
const NO_INPUT = ["get /healthz", "get /readyz", "get /.well-known/jwks.json"];
/** Operations that answer without the database (readyz answers 503 when it is away). */
const NO_DATABASE = ["get /healthz", "get /.well-known/jwks.json", "get /v1/openapi.json"];

const document = openApiDocument();

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ route, method, op: item[method] as Operation }] : [])),
  );

function resolveResponse(doc: OpenApiDocument, response: Response | { $ref: string }): Response {
  if (!isReference(response)) return response;
  const name = response.$ref.replace("#/components/responses/", "");
  const resolved = doc.components.responses[name];
  if (!resolved) throw new Error(`unresolved ${response.$ref}`);
  return resolved;
}

const asTemplate = (route: string) => route.replace(/\[([^\].]+)\]/g, "{$1}");

describe("GET /v1/openapi.json", () => {
  it("serves the document publicly, as cacheable JSON", async () => {
    const res = await call(openApiJson, "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(document)));
  });
});

describe("the document", () => {
  it("has the shape of OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(10);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    const ids = operations(document).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags.map((t) => t.name));
    for (const { route, method, op } of operations(document)) {
      const where = `${method} ${route}`;
      expect(op.summary, where).toEqual(expect.any(String));
      expect(
        op.tags.every((t) => tags.has(t)),
        where,
      ).toBe(true);
      expect(
        Object.keys(op.responses).every((status) => /^[1-5]\d\d$/.test(status)),
        where,
      ).toBe(true);
      for (const response of Object.values(op.responses).map((r) => resolveResponse(document, r))) {
        expect(response.description, where).toEqual(expect.any(String));
        for (const type of Object.keys(response.content ?? {})) expect(type, where).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      }
      // Each {parameter} of the path is declared, required, and nothing else is in the path.
      const declared = (op.parameters ?? []).filter((p): p is Parameter => !isReference(p) && p.in === "path");
      const inPath = [...route.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      expect(declared.map((p) => p.name).sort(), where).toEqual(inPath.sort());
      expect(
        declared.every((p) => p.required),
        where,
      ).toBe(true);
    }
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          if (key === "$ref" && typeof inner === "string") refs.push(inner);
          else walk(inner);
        }
      }
    };
    walk(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
      expect(target, ref).toBeDefined();
    }
  });

  it("holds valid JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).toBe(true);
    }
  });

  it("is built from the schemas that validate requests", () => {
    expect(document.components.schemas.SignInRequest).toEqual(jsonSchemaOf(signInBody, "input"));
    expect(document.components.schemas.CreateCredentialRequest).toEqual(jsonSchemaOf(createCredentialBody, "input"));
    const listEvents = document.paths["/v1/webhooks/events"]?.get;
    const query = jsonSchemaOf(listEventsQuery, "input") as { properties: Record<string, { description?: string }> };
    const parameters = (listEvents?.parameters ?? []).filter((p): p is Parameter => !isReference(p));
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(query.properties));
    for (const p of parameters) {
      const { description: _, ...schema } = query.properties[p.name]!;
      expect(p.schema, p.name).toEqual(schema);
      // Query values are strings: `limit` too.
      expect(p.schema.type ?? "string", p.name).toBe("string");
    }
  });

  it("gives every operation that reads input a 4xx problem+json answer", () => {
    const withoutProblems: string[] = [];
    for (const { route, method, op } of operations(document)) {
      const problem = Object.entries(op.responses).some(
        ([status, response]) =>
          status.startsWith("4") && resolveResponse(document, response).content?.["application/problem+json"],
      );
      if (problem) continue;
      withoutProblems.push(`${method} ${route}`);
      expect(op.parameters ?? [], `${method} ${route}`).toEqual([]);
      expect(op.requestBody, `${method} ${route}`).toBeUndefined();
      expect(op.security, `${method} ${route}`).toEqual([]);
    }
    expect(withoutProblems.sort()).toEqual([...NO_INPUT].sort());
  });

  it("declares every problem the route wrapper can answer on every operation (500 included)", () => {
    const codesOf = (op: Operation, status: string) => {
      const response = op.responses[status];
      if (!response) return undefined;
      const schema = resolveResponse(document, response).content?.["application/problem+json"]?.schema as
        | { properties?: { code?: { enum?: string[] } } }
        | undefined;
      return schema?.properties?.code?.enum ?? [];
    };
    for (const { route, method, op } of operations(document)) {
      const where = `${method} ${route}`;
      // Any unexpected failure, anywhere (once: surrogates and dates outside PostgreSQL's range).
      expect(codesOf(op, "500"), where).toEqual(["internal_error"]);
      if (op.security?.length) {
        expect(codesOf(op, "400"), where).toContain("invalid_request");
        expect(codesOf(op, "401"), where).toEqual(expect.arrayContaining(["unauthenticated", "invalid_token"]));
        expect(codesOf(op, "403"), where).toContain("insufficient_scope");
      }
      // The wrapper answers 404 for an id holding U+0000, whatever the operation.
      if (route.includes("{")) expect(codesOf(op, "404"), where).toContain("not_found");
      if (op.requestBody) {
        expect(codesOf(op, "400"), where).toEqual(expect.arrayContaining(["malformed_json", "validation_failed"]));
        expect(codesOf(op, "413"), where).toEqual(["body_too_large"]);
        expect(codesOf(op, "415"), where).toEqual(["unsupported_media_type"]);
      }
      // Every /v1 route reads its query string strictly, declared or not (an unknown parameter is a 400).
      if (route.startsWith("/v1/")) expect(codesOf(op, "400"), where).toContain("validation_failed");
      if (!NO_DATABASE.includes(where)) expect(codesOf(op, "503"), where).toEqual(["service_unavailable"]);
    }
  });

  it("requires a bearer token on every /v1 operation but token issuance and this document", () => {
    for (const { route, method, op } of operations(document)) {
      const where = `${method} ${route}`;
      if (route.startsWith("/v1/") && !PUBLIC_V1.includes(where)) {
        expect(op.security, where).toEqual([{ bearerAuth: [] }]);
        for (const status of ["401", "403"]) {
          const response = resolveResponse(document, op.responses[status]!);
          expect(response.headers?.["WWW-Authenticate"], `${where} ${status}`).toBeDefined();
        }
      } else {
        expect(op.security, where).toEqual([]);
      }
    }
  });
});

describe("answers that may hold a secret", () => {
  // By their schemas (secretField), never by a list kept beside the routes: this one only checks
  // that the derivation finds the answers known to show a secret once.
  const noStore = (path: string, method: HttpMethod, status: string) => {
    const document = openApiDocument();
    const answer = document.paths[path]?.[method]?.responses[status];
    if (!answer) throw new Error(`${method} ${path} ${status} is not documented`);
    const response = resolveResponse(document, answer);
    return "Cache-Control" in (response.headers ?? {});
  };

  it("declare Cache-Control: no-store, found from their schemas", () => {
    expect(noStore("/v1/webhook-endpoints", "post", "201")).toBe(true);
    expect(noStore("/v1/webhook-endpoints/{id}/rotate-secret", "post", "200")).toBe(true);
    expect(noStore("/v1/credentials", "post", "201")).toBe(true);
    expect(noStore("/v1/auth", "post", "200")).toBe(true);
    expect(noStore("/v1/users", "post", "201")).toBe(true);
    expect(noStore("/v1/merchants/{id}/portal-sessions", "post", "201")).toBe(true);
    // An answer without one declares nothing extra.
    expect(noStore("/v1/providers", "get", "200")).toBe(false);
  });
});

describe("the document and the route files", () => {
  const files = routeFiles();

  it("lists every route file's path, and only those", () => {
    const api = files.map((f) => f.route).filter((route) => !(route in NOT_API));
    expect(api.map(asTemplate).sort()).toEqual(Object.keys(document.paths).sort());
    for (const route of Object.keys(NOT_API)) expect(files.map((f) => f.route)).toContain(route);
  });

  // It loads every route module (over 60): half a minute on a loaded two-core machine.
  it("documents exactly the methods each route implements", async () => {
    for (const { route, file } of files.filter((f) => !(f.route in NOT_API))) {
      const module = (await import(file)) as Partial<Record<string, RouteHandler>>;
      const template = asTemplate(route);
      const params = Object.fromEntries(
        [...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, "d00000000000000000g0"]),
      );
      const url = template.replace(/\{[^}]+\}/g, "d00000000000000000g0");
      const implemented: HttpMethod[] = [];
      for (const method of HTTP_METHODS) {
        const handler = module[method.toUpperCase()];
        if (!handler) continue;
        // Without a token or body: an implemented method answers 401, 415 or its own result; the
        // others 405 (which call() checks against the document, Allow included).
        const res = await call(handler, url, { method: method.toUpperCase(), params });
        if (res.status !== 405) implemented.push(method);
      }
      const documented = HTTP_METHODS.filter((m) => document.paths[template]?.[m]);
      expect(implemented, route).toEqual(documented);
    }
  }, 90_000);

  it("answers 404 problem+json on the catch-all for any method", async () => {
    const module = await import("@/app/v1/[...unknown]/route");
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call(module[method], "/v1/no/such/route", { method, params: { unknown: ["no", "such", "route"] } });
      expect(res.status, method).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
  });
});

describe("the response check of the integration tests", () => {
  const ok = {
    method: "GET",
    url: "http://localhost/v1/merchants/d00000000000000000g0",
    params: { id: "d00000000000000000g0" },
    status: 200,
    headers: new Headers({ "content-type": "application/json", "x-request-id": "r-1" }),
    text: JSON.stringify({
      id: "d00000000000000000g0",
      name: "Padaria",
      taxId: "11222333000181",
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
    }),
  };

  it("accepts a response the document describes", () => {
    expect(responseMismatches(ok)).toEqual([]);
  });

  it("names the request, the status and the schema error of a mismatch", () => {
    const body = { ...JSON.parse(ok.text), taxId: undefined, extra: 1 };
    expect(() => assertResponseMatchesDocument({ ...ok, text: JSON.stringify(body) })).toThrow(
      /GET \/v1\/merchants\/d00000000000000000g0 \(200\)[\s\S]*must have required property 'taxId'[\s\S]*must NOT have additional properties/,
    );
  });

  it("refuses an undocumented status, content type or missing header", () => {
    expect(responseMismatches({ ...ok, status: 409 })).toEqual([expect.stringContaining("status 409 is not documented")]);
    expect(responseMismatches({ ...ok, headers: new Headers({ "content-type": "text/html", "x-request-id": "r-1" }) })).toEqual([
      expect.stringContaining('content type "text/html" is not documented'),
    ]);
    expect(responseMismatches({ ...ok, headers: new Headers({ "content-type": "application/json" }) })).toEqual([
      expect.stringContaining("X-Request-Id is missing"),
    ]);
    expect(
      responseMismatches({ ...ok, text: JSON.stringify({ ...JSON.parse(ok.text), createdAt: "2026-11-20T10:00:00Z" }) }),
    ).toEqual([expect.stringContaining("/createdAt must match pattern")]);
  });

  it("checks a problem's status and code against the operation", () => {
    const problem = (status: number, code: string) => ({
      ...ok,
      status,
      headers: new Headers({ "content-type": "application/problem+json", "x-request-id": "r-1" }),
      text: JSON.stringify({ type: `/problems/${code}`, title: "x", status, detail: "x", code, request_id: "r-1" }),
    });
    expect(responseMismatches(problem(404, "not_found"))).toEqual([]);
    expect(responseMismatches(problem(404, "tax_id_taken"))).toEqual([expect.stringContaining("/code must be equal to one of")]);
    expect(responseMismatches(problem(401, "unauthenticated"))).toEqual([expect.stringContaining("WWW-Authenticate is missing")]);
  });

  it("expects 405 with the documented methods in Allow for a method a path does not list", () => {
    const notAllowed = {
      ...ok,
      method: "DELETE",
      status: 405,
      headers: new Headers({ "content-type": "application/problem+json", "x-request-id": "r-1", allow: "GET, POST" }),
      text: JSON.stringify({
        type: "/problems/method_not_allowed",
        title: "Method Not Allowed",
        status: 405,
        detail: "x",
        code: "method_not_allowed",
        request_id: "r-1",
      }),
    };
    expect(responseMismatches(notAllowed)).toEqual([
      expect.stringContaining('Allow is "GET, POST", the document lists "GET, PATCH"'),
    ]);
    expect(
      responseMismatches({
        ...notAllowed,
        headers: new Headers({ ...Object.fromEntries(notAllowed.headers), allow: "GET, PATCH" }),
      }),
    ).toEqual([]);
  });
});
