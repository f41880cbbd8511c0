// The API fuzzer: walks the OpenAPI document a running server publishes and sends it random
// requests, valid and hostile (methods, path ids, query strings, bodies, content types, headers,
// tokens), checking every answer: no 5xx; every 4xx a problem+json that says what was wrong
// (a code, a detail, and for validation failures the fields, each one sent or documented);
// every response, 2xx included, as the document describes it. Used by `npm run fuzz` and, with a
// fixed seed, by the e2e suite (e2e/api/fuzz.spec.ts).
import { generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { SignJWT } from "jose";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import {
  HTTP_METHODS,
  type HttpMethod,
  isReference,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from "@/lib/openapi/types";
import { responseMismatches } from "@/tests/support/openapi-validator";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import { type Hints, hostileValue, mutatedObject, propertyNames, validValue } from "./schema-arbitrary";

export type FuzzCredentials = Record<"admin" | "operator" | "viewer" | "ingest", { username: string; password: string }>;

export type FuzzOptions = {
  baseUrl: string;
  runs: number;
  seed: number;
  users: FuzzCredentials;
  /** Requests in flight at once (each its own fast-check run with seed + i). */
  concurrency?: number;
  onProgress?: (sent: number) => void;
  /** How requests reach the server: the network by default, or the in-process router (in-process-fetch.ts). */
  fetch?: typeof fetch;
};

export type FuzzReport = {
  seed: number;
  requests: number;
  statuses: Record<string, number>;
  /** Each failed property's counterexample, shrunk, and what was wrong with the answer. */
  failures: string[];
  seconds: number;
};

type Target = { path: string; method: HttpMethod; operation: Operation; parameters: Parameter[]; body?: JsonSchema };

type Auth =
  | "admin"
  | "operator"
  | "viewer"
  | "ingest"
  | "none"
  | "garbage"
  | "tampered"
  | "foreign"
  | "refresh"
  | "basic"
  | "lowercase"
  | "malformed";

type FuzzRequest = {
  target: string;
  method: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
  headers: Record<string, string>;
  auth: Auth;
  /** Names the request itself used: a validation error must name one of these or a documented one. */
  sentNames: string[];
};

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function targetsOf(document: OpenApiDocument): Target[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((method) => {
      const operation = item[method]!;
      const parameters = (operation.parameters ?? []).map((p) =>
        isReference(p) ? document.components.parameters[p.$ref.split("/").pop()!]! : p,
      );
      return { path, method, operation, parameters, body: operation.requestBody?.content["application/json"]?.schema };
    }),
  );
}

/** Ids that exist (by the name of the parameter or property that takes them), so that valid-looking requests reach past "not found". */
type KnownIds = Record<string, string[]>;

function hintsOf(known: KnownIds): Hints {
  return {
    ...Object.fromEntries(Object.entries(known).flatMap(([name, ids]) => (ids.length ? [[name, fc.constantFrom(...ids)]] : []))),
    // A CNPJ with valid check digits, so that merchant creation can succeed.
    taxId: fc.stringMatching(/^[0-9]{8}$/).map((root) => generateCnpj({ root })),
  };
}

function pathValue(parameter: Parameter, known: KnownIds, document: OpenApiDocument): fc.Arbitrary<string> {
  const existing = known[parameter.name] ?? [];
  // An empty or dot segment is another path (/v1/merchants/ and /v1/merchants/. redirect to
  // /v1/merchants), not a value.
  return fc
    .oneof(
      {
        weight: 4,
        arbitrary: existing.length ? fc.constantFrom(...existing) : validValue(document, parameter.schema).map(String),
      },
      { weight: 1, arbitrary: validValue(document, parameter.schema).map(String) },
      { weight: 1, arbitrary: hostileValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "x"))) },
    )
    .filter((value) => value !== "" && value !== "." && value !== "..");
}

const asQueryValue = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(",") : typeof value === "string" ? value : (JSON.stringify(value) ?? "");

function requestOf(document: OpenApiDocument, target: Target, known: KnownIds): fc.Arbitrary<FuzzRequest> {
  const hints = hintsOf(known);
  const pathParameters = target.parameters.filter((p) => p.in === "path");
  const queryParameters = target.parameters.filter((p) => p.in === "query");
  const headerParameters = target.parameters.filter((p) => p.in === "header");

  const path = fc
    .tuple(...pathParameters.map((p) => pathValue(p, known, document)))
    .map((values) =>
      pathParameters.reduce((acc, p, i) => acc.replace(`{${p.name}}`, encodeURIComponent(values[i]!)), target.path),
    );
  const query = fc
    .tuple(
      ...queryParameters.map((p) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 3, arbitrary: validValue(document, p.schema).map(asQueryValue) },
          { weight: 1, arbitrary: hostileValue.map(asQueryValue) },
        ),
      ),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })), { freq: 8 }),
    )
    .map((values) => {
      const extra = values.pop() as [string, string] | null;
      const pairs: [string, string][] = [];
      queryParameters.forEach((p, i) => {
        if (values[i] !== undefined) pairs.push([p.name, values[i] as string]);
      });
      if (extra) pairs.push(extra);
      return pairs;
    });
  const body: fc.Arbitrary<{ text?: string; names: string[] }> = target.body
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: validValue(document, target.body, 0, hints).map((v) => ({
            text: JSON.stringify(v),
            names: Object.keys(v ?? {}),
          })),
        },
        {
          weight: 4,
          arbitrary: mutatedObject(document, target.body, hints).map(({ value, changed }) => ({
            text: JSON.stringify(value),
            names: [...Object.keys(value && typeof value === "object" ? value : {}), ...(changed ? [changed] : [])],
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .jsonValue({ maxDepth: 3 })
            .map((v) => ({ text: JSON.stringify(v), names: Object.keys(v && typeof v === "object" ? v : {}) })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              "",
              "{",
              "null",
              '{"a":1,}',
              "\u0000",
              "[".repeat(5_000),
              // Deep but well-formed nesting: once an unauthenticated stack overflow (issue 15).
              "[".repeat(31_000) + "]".repeat(31_000),
              `${'{"a":'.repeat(3_000)}1${"}".repeat(3_000)}`,
            )
            .map((text) => ({ text, names: [] })),
        },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant<{ text?: string; names: string[] }>({ names: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .jsonValue({ maxDepth: 2 })
            .map((v) => ({ text: JSON.stringify(v), names: Object.keys(v && typeof v === "object" ? v : {}) })),
        },
      );
  const headers = fc
    .tuple(
      ...headerParameters.map((p) =>
        fc.option(
          fc.oneof(
            validValue(document, p.schema).map(asQueryValue),
            fc.uuid(),
            fc.string({ maxLength: 300 }).filter((v) => /^[\t\x20-\x7e]*$/.test(v)),
          ),
          { freq: 2 },
        ),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        headerParameters.flatMap((p, i) =>
          values[i] === null || values[i] === undefined ? [] : [[p.name, values[i] as string]],
        ),
      ),
    );

  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(target.method.toUpperCase()) },
        { weight: 1, arbitrary: fc.constantFrom(...ALL_METHODS) },
      ),
      path,
      query,
      body,
      contentType: fc.oneof(
        { weight: 10, arbitrary: fc.constant("application/json") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            undefined,
            "text/plain",
            "application/json; charset=utf-8",
            "application/x-www-form-urlencoded",
            "application/merge-patch+json",
          ),
        },
      ),
      headers,
      auth: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom<Auth>("admin", "operator", "viewer", "ingest") },
        {
          weight: 2,
          arbitrary: fc.constantFrom<Auth>(
            "none",
            "garbage",
            "tampered",
            "foreign",
            "refresh",
            "basic",
            "lowercase",
            "malformed",
          ),
        },
      ),
    })
    .map(({ method, path: p, query: q, body: b, contentType, headers: h, auth }) => ({
      target: `${target.method.toUpperCase()} ${target.path}`,
      method,
      path: p,
      query: new URLSearchParams(q).toString(),
      body: b.text,
      contentType: b.text === undefined ? undefined : contentType,
      headers: h,
      auth,
      sentNames: [...q.map(([name]) => name), ...b.names, ...Object.keys(h)],
    }));
}

type Tokens = Record<Auth, string | undefined>;

async function tokensFor(baseUrl: string, users: FuzzCredentials, fetcher: typeof fetch): Promise<Tokens> {
  const pairs = await Promise.all(
    (["admin", "operator", "viewer", "ingest"] as const).map((role) => signInOverHttp(baseUrl, users[role], fetcher)),
  );
  const [admin, operator, viewer, ingest] = pairs.map((p) => p.access_token);
  const signature = admin!.split(".")[2]!;
  const { privateKey } = generateKeyPairSync("ed25519");
  const foreign = await new SignJWT({ role: "admin" })
    .setProtectedHeader({ alg: "EdDSA", kid: "foreign", typ: "at+jwt" })
    .setSubject("someone")
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(privateKey);
  return {
    admin,
    operator,
    viewer,
    ingest,
    none: undefined,
    garbage: "not-a-token",
    tampered: `${admin!.slice(0, -signature.length)}${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
    foreign,
    refresh: pairs[2]!.refresh_token,
    basic: undefined,
    lowercase: undefined,
    malformed: undefined,
  };
}

async function knownIds(baseUrl: string, token: string, fetcher: typeof fetch): Promise<KnownIds> {
  const list = async (path: string) => {
    const res = await fetcher(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return [];
    return ((await res.json()) as { data: { id: string; name?: string }[] }).data;
  };
  const [credentials, merchants, events, providers] = await Promise.all([
    list("/v1/credentials?limit=5"),
    list("/v1/merchants?limit=5"),
    list("/v1/webhooks/events?limit=5"),
    list("/v1/providers"),
  ]);
  return {
    id: [...credentials, ...merchants, ...events].map((r) => r.id),
    merchantId: merchants.map((m) => m.id),
    providerId: providers.map((p) => p.id),
    providerName: providers.flatMap((p) => (p.name ? [p.name] : [])),
  };
}

/** What is wrong with the answer to a request (empty when it is right). */
function judge(
  document: OpenApiDocument,
  siblings: Target[],
  target: Target,
  sent: FuzzRequest,
  status: number,
  headers: Headers,
  text: string,
): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400 && status < 500) {
    const type = headers.get("content-type") ?? "";
    let problem: { status?: unknown; code?: unknown; detail?: unknown; errors?: { field?: unknown }[] } | undefined;
    try {
      problem = JSON.parse(text);
    } catch {}
    if (!type.startsWith("application/problem+json") || !problem) problems.push(`a ${status} that is not problem+json`);
    else {
      if (problem.status !== status) problems.push(`the problem's status ${String(problem.status)} is not ${status}`);
      if (typeof problem.code !== "string" || !problem.code) problems.push("the problem has no code");
      if (typeof problem.detail !== "string" || !problem.detail) problems.push("the problem has no detail");
      if (problem.code === "validation_failed") {
        // The request's method may have been switched: any operation of the path may have answered.
        const documented = siblings
          .filter((t) => t.path === target.path)
          .flatMap((t) => [...t.parameters.map((p) => p.name), ...(t.body ? propertyNames(document, t.body) : [])]);
        const named = new Set([...documented, ...sent.sentNames, "(root)"].map((n) => n.toLowerCase()));
        const fields = (problem.errors ?? []).map((e) => String(e.field ?? ""));
        if (fields.length === 0) problems.push("a validation failure that names no field");
        for (const field of fields) {
          const root = field.split(".")[0]!.toLowerCase();
          if (!named.has(root) && !named.has(field.toLowerCase()))
            problems.push(`a validation failure names "${field}", which was neither sent nor documented`);
        }
      }
    }
  }
  // Next's router does not match a dynamic segment holding %00: such paths reach the /v1
  // catch-all, a 404 for every method (where the document would expect a 405 for some).
  if (status === 404 && /%00/i.test(sent.path)) return problems;
  problems.push(
    ...responseMismatches(
      { method: sent.method, url: `http://fuzz${sent.path}${sent.query ? `?${sent.query}` : ""}`, status, headers, text },
      document,
    ),
  );
  return problems;
}

async function send(
  fetcher: typeof fetch,
  baseUrl: string,
  tokens: Tokens,
  r: FuzzRequest,
): Promise<{ status: number; headers: Headers; text: string }> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.contentType) headers["content-type"] = r.contentType;
  const token = tokens[r.auth];
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.auth === "basic") headers.authorization = "Basic YWRtaW46YWRtaW4=";
  // The scheme in another case (RFC 9110: it is case-insensitive), and a Bearer header that is not one token.
  if (r.auth === "lowercase") headers.authorization = `bEaReR ${tokens.operator}`;
  if (r.auth === "malformed") headers.authorization = `Bearer ${tokens.operator} ${tokens.viewer}`;
  const res = await fetcher(`${baseUrl}${r.path}${r.query ? `?${r.query}` : ""}`, {
    method: r.method,
    headers,
    body: r.method === "GET" ? undefined : r.body,
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const fetcher = options.fetch ?? fetch;
  const document = (await (await fetcher(`${options.baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument;
  const targets = targetsOf(document);
  const tokens = await tokensFor(options.baseUrl, options.users, fetcher);
  const known = await knownIds(options.baseUrl, tokens.admin!, fetcher);
  const requests = fc.oneof(...targets.map((t) => requestOf(document, t, known).map((r) => ({ t, r }))));

  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  let sent = 0;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const share = (i: number) => Math.floor(options.runs / concurrency) + (i < options.runs % concurrency ? 1 : 0);

  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      if (share(i) === 0) return;
      const result = await fc.check(
        fc.asyncProperty(requests, async ({ t, r }) => {
          const answer = await send(fetcher, options.baseUrl, tokens, r);
          sent++;
          if (sent % 1000 === 0) options.onProgress?.(sent);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problems = judge(document, targets, t, r, answer.status, answer.headers, answer.text);
          if (problems.length) {
            throw new Error(
              `${r.method} ${r.path}${r.query ? `?${r.query}` : ""} → ${answer.status}\n  ${problems.join("\n  ")}\n  body: ${answer.text.slice(0, 400)}`,
            );
          }
        }),
        { numRuns: share(i), seed: options.seed + i, endOnFailure: false, maxSkipsPerRun: 0 },
      );
      if (result.failed) {
        failures.push(
          `seed ${options.seed + i}, path ${result.counterexamplePath}:\n${JSON.stringify(result.counterexample?.[0]?.r, null, 2)}\n${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}`,
        );
      }
    }),
  );
  return { seed: options.seed, requests: sent, statuses, failures, seconds: (Date.now() - started) / 1000 };
}
