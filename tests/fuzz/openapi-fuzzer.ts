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
import { documentOperations, resolveParameter } from "@/lib/openapi/document-reading";
import type { HttpMethod, JsonSchema, OpenApiDocument, Operation, Parameter } from "@/lib/openapi/types";
import { encodeUtf8SurrogateEscape } from "@/lib/validation/surrogate-escape";
import { responseMismatches } from "@/tests/support/openapi-validator";
import { signInOverHttp } from "@/tests/support/sign-in-over-http";
import {
  dateText,
  type Hints,
  hostileValue,
  mutatedLeaf,
  mutatedObject,
  notUtf8Body,
  objectOf,
  propertyNames,
  validValue,
  withDuplicateMember,
} from "./schema-arbitrary";

export type FuzzCredentials = Record<"admin" | "operator" | "viewer" | "ingest", { username: string; password: string }>;

export type FuzzOptions = {
  baseUrl: string;
  runs: number;
  seed: number;
  users: FuzzCredentials;
  /** Requests in flight at once (each its own fast-check run with seed + i). */
  concurrency?: number;
  onProgress?: (sent: number) => void;
  /** Only the operations whose "METHOD /path" matches (to aim a long run at a few routes). */
  only?: RegExp;
  /** Problems to look past (a defect already known, so that a run finds the next one). */
  ignore?: RegExp;
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
  /** The member name the body's JSON text repeats (`{"role":"viewer","role":"admin"}`): never a 2xx. */
  duplicate?: string;
  /**
   * The path of the string holding bytes that are not UTF-8 ("" when they are outside any): the
   * body is then sent as bytes, each lone U+DC80..U+DCFF of `body` as its byte. Never a 2xx.
   */
  notUtf8?: string;
  /** The query parameter given a value of HUGE_QUERY_LENGTH characters: never a 2xx. */
  huge?: string;
};

const HUGE = "(huge)";

/** Longer than any parameter has reason to be (once, a 12 KB status filter was taken). */
export const HUGE_QUERY_LENGTH = 12_000;

/** Free-form objects that must read back as sent after a 2xx write (keys such as `__proto__` included). */
const READ_BACK_FIELDS = ["metadata", "additionalData"];

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function targetsOf(document: OpenApiDocument): Target[] {
  return documentOperations(document).map(({ path, method, operation }) => {
    const parameters = (operation.parameters ?? []).map((p) => resolveParameter(document, p));
    return { path, method, operation, parameters, body: operation.requestBody?.content["application/json"]?.schema };
  });
}

/** Ids that exist (by the name of the parameter or property that takes them), so that valid-looking requests reach past "not found". */
type KnownIds = Record<string, string[]>;

/** Body properties that hold a date or a date filter: recent ones, and now and then extreme ones. */
const DATE_NAMES = ["created_at", "created_at[gte]", "created_at[gt]", "created_at[lte]", "created_at[lt]", "since", "until"];

function hintsOf(known: KnownIds): Hints {
  return {
    ...Object.fromEntries(DATE_NAMES.map((name) => [name, dateText])),
    ...Object.fromEntries(Object.entries(known).flatMap(([name, ids]) => (ids.length ? [[name, fc.constantFrom(...ids)]] : []))),
    // A CNPJ with valid check digits, so that merchant creation can succeed.
    taxId: fc.stringMatching(/^[0-9]{8}$/).map((root) => generateCnpj({ root })),
  };
}

/** A URL carries UTF-8, which has no lone surrogates: they go as U+FFFD (as URLSearchParams sends them). */
const wellFormed = (value: string) =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

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

/** The values a parameter's description lists ("One of cielo, rede." / "One or more of a, b, comma-separated."). */
function listedValues(parameter: Parameter): { values: string[]; many: boolean } | undefined {
  const found = /One (or more )?of (.*?)(?:\.\s|\.$|$)/.exec(parameter.description ?? "");
  const values = found?.[2]?.split(", ").filter((v) => /^[a-z0-9_.]+$/.test(v)) ?? [];
  return values.length > 1 ? { values, many: Boolean(found?.[1]) } : undefined;
}

/** A value the parameter takes: from its description's list, a date for a date filter, else from its schema. */
function queryValue(document: OpenApiDocument, parameter: Parameter): fc.Arbitrary<string> {
  const listed = listedValues(parameter);
  if (listed?.many)
    return fc.uniqueArray(fc.constantFrom(...listed.values), { minLength: 1, maxLength: 3 }).map((v) => v.join(","));
  if (listed) return fc.constantFrom(...listed.values);
  if (/^created_at|_at$|^since$|^until$/.test(parameter.name)) return dateText;
  if (parameter.name === "limit") return fc.integer({ min: 1, max: 100 }).map(String);
  return validValue(document, parameter.schema).map(asQueryValue);
}

/** A value of at least HUGE_QUERY_LENGTH characters that is otherwise valid where it can be (a list repeated). */
function hugeValue(parameter: Parameter): string {
  const listed = listedValues(parameter);
  // The longest listed value: fewer commas, each of which a URL carries as %2C.
  const unit = listed?.many ? listed.values.reduce((a, b) => (b.length > a.length ? b : a)) : "a";
  const separator = listed?.many ? "," : "";
  const count = Math.ceil(HUGE_QUERY_LENGTH / (unit.length + separator.length));
  return Array.from({ length: count }, () => unit).join(separator);
}

/**
 * The value in one case out of `oneIn` (never for 0), else null. (fc.option's `freq` is the other
 * way round: null once in `freq`.)
 */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  if (oneIn === 0) return fc.constant(null);
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
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
      pathParameters.reduce((acc, p, i) => acc.replace(`{${p.name}}`, encodeURIComponent(wellFormed(values[i]!))), target.path),
    );
  const query = fc
    .tuple(
      // A cursor is valid only as a previous page gave it: one made up is the odd parameter below.
      ...queryParameters.map((p) =>
        p.name === "cursor"
          ? fc.constant(undefined)
          : fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: queryValue(document, p) }),
      ),
      sometimes(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })), 8),
      // One parameter hostile, or huge (one at most: a URL over 16 KiB is the HTTP server's 431),
      // so that a list with twenty parameters is still often valid but for that one.
      sometimes(fc.tuple(fc.nat(), fc.oneof(hostileValue.map(asQueryValue), fc.constant(HUGE))), queryParameters.length ? 3 : 0),
    )
    .map((generated) => {
      // A copy: fast-check shrinks from the generated tuple, which must stay as it was.
      const values = [...generated];
      const odd = values.pop() as [number, string] | null;
      const extra = values.pop() as [string, string] | null;
      const pairs: [string, string][] = [];
      queryParameters.forEach((p, i) => {
        if (values[i] !== undefined) pairs.push([p.name, values[i] as string]);
      });
      if (extra) pairs.push(extra);
      if (odd === null || queryParameters.length === 0) return { pairs };
      // A huge value goes mostly to a parameter the document does not bound: where one would be taken.
      const unbounded = queryParameters.filter((p) => p.schema.maxLength === undefined && !p.schema.pattern);
      const pool = odd[1] === HUGE && unbounded.length && odd[0] % 4 !== 0 ? unbounded : queryParameters;
      const p = pool[odd[0] % pool.length]!;
      const value = odd[1] === HUGE ? hugeValue(p) : odd[1];
      // A huge value alone: the URL stays under the HTTP server's 16 KiB, and valid but for its length.
      if (odd[1] === HUGE) return { pairs: [[p.name, value] as [string, string]], huge: p.name };
      return { pairs: [...pairs.filter(([name]) => name !== p.name), [p.name, value] as [string, string]] };
    });
  const body: fc.Arbitrary<{ text?: string; names: string[]; duplicate?: string; notUtf8?: string }> = target.body
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
          weight: 3,
          arbitrary: mutatedLeaf(document, target.body, hints).map(({ value, changed }) => ({
            text: JSON.stringify(value),
            names: [...Object.keys(value && typeof value === "object" ? value : {}), ...(changed ? [changed] : [])],
          })),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(validValue(document, target.body, 0, hints), fc.nat(), fc.oneof(hostileValue, fc.constant("admin")))
            .map(([value, pick, other]) => ({
              ...withDuplicateMember(value, pick, other),
              names: Object.keys(value && typeof value === "object" ? value : {}),
            })),
        },
        {
          // Bytes that are not UTF-8 in one string (a Latin-1 holder name): once stored as U+FFFD.
          weight: 2,
          arbitrary: notUtf8Body(document, target.body, hints).map(({ value, text, changed }) => ({
            text,
            names: Object.keys(value && typeof value === "object" ? value : {}),
            notUtf8: changed ?? "",
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
              // Deep but well-formed nesting: once an unauthenticated stack overflow.
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
      query: new URLSearchParams(q.pairs).toString(),
      body: b.text,
      contentType: b.text === undefined ? undefined : contentType,
      headers: h,
      auth,
      sentNames: [...q.pairs.map(([name]) => name), ...b.names, ...Object.keys(h)],
      ...(b.duplicate && b.text !== undefined && method !== "GET" ? { duplicate: b.duplicate } : {}),
      ...(b.notUtf8 !== undefined && b.text !== undefined ? { notUtf8: b.notUtf8 } : {}),
      ...(q.huge ? { huge: q.huge } : {}),
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

/**
 * Whether a 2xx answer refuses just the item that holds `field` (a batch decides per item: its
 * answer lists the item as invalid, naming the field; docs/api.md). "events[0].a" is "events.0.a".
 */
function refusesItemField(text: string, field: string): boolean {
  const path = field.replace(/\[(\d+)\]/g, ".$1");
  let answer: { data?: { result?: unknown; errors?: { field?: unknown }[] }[] } | undefined;
  try {
    answer = JSON.parse(text);
  } catch {
    return false;
  }
  return (answer?.data ?? []).some(
    (item) => item.result === "invalid" && (item.errors ?? []).some((e) => String(e.field) === path),
  );
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
  if (status < 300 && sent.duplicate && !refusesItemField(text, sent.duplicate))
    problems.push(`a body repeating the member name "${sent.duplicate}" was accepted (${status}); expected 400`);
  // Judged only under the operation's own method: another (DELETE for a PATCH) may rightly ignore a body.
  const notUtf8 = sent.method === target.method.toUpperCase() ? sent.notUtf8 : undefined;
  if (status < 300 && notUtf8 !== undefined && !(notUtf8 && refusesItemField(text, notUtf8)))
    problems.push(`a body with bytes that are not UTF-8 in "${notUtf8}" was accepted (${status}); expected 400`);
  if (status < 300 && sent.huge)
    problems.push(
      `the query parameter ${sent.huge} of ${HUGE_QUERY_LENGTH}+ characters was accepted (${status}); expected a 4xx`,
    );
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
  // A body that is not UTF-8 goes as bytes: each lone U+DC80..U+DCFF of its text as that byte.
  const body = r.notUtf8 === undefined || r.body === undefined ? r.body : encodeUtf8SurrogateEscape(r.body);
  const res = await fetcher(`${baseUrl}${r.path}${r.query ? `?${r.query}` : ""}`, {
    method: r.method,
    headers,
    body: r.method === "GET" ? undefined : body,
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** JSON with object members in name order: jsonb keeps its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? objectOf(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The first member of this name anywhere in a JSON value. */
function findMember(value: unknown, name: string): unknown {
  if (!value || typeof value !== "object") return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, name)) return (value as Record<string, unknown>)[name];
  for (const inner of Object.values(value)) {
    const found = findMember(inner, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * After a 2xx write: each free-form object sent (metadata, additionalData) reads back with every
 * entry as sent. A create is read again at its Location (nobody else knows its id yet); a change
 * is judged by its own answer (another run may change the same resource next).
 */
async function readBackMismatches(
  fetcher: typeof fetch,
  baseUrl: string,
  adminToken: string,
  target: Target,
  sent: FuzzRequest,
  answer: { status: number; headers: Headers; text: string },
): Promise<string[]> {
  const method = target.method.toUpperCase();
  const created = answer.status === 201 || answer.status === 202;
  if (sent.method !== method || sent.duplicate || sent.body === undefined) return [];
  if (!created && !(answer.status === 200 && (method === "PATCH" || method === "PUT"))) return [];
  let body: unknown;
  try {
    body = JSON.parse(sent.body);
  } catch {
    return [];
  }
  const fields = READ_BACK_FIELDS.flatMap((name) => {
    const value =
      body && typeof body === "object" && !Array.isArray(body) ? Object.getOwnPropertyDescriptor(body, name)?.value : undefined;
    return value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length
      ? [[name, value] as const]
      : [];
  });
  if (fields.length === 0) return [];
  let stored: unknown;
  const location = answer.headers.get("location");
  if (created && location) {
    const res = await fetcher(new URL(location, baseUrl), { headers: { authorization: `Bearer ${adminToken}` } });
    if (res.status !== 200) return [`read back at ${location}: ${res.status}`];
    stored = await res.json();
  } else stored = JSON.parse(answer.text);
  const problems: string[] = [];
  for (const [name, value] of fields) {
    const readBack = findMember(stored, name) as Record<string, unknown> | undefined;
    for (const [key, expected] of Object.entries(value)) {
      if (expected === null) continue; // a merge patch's null removes the key
      const actual = readBack && Object.hasOwn(readBack, key) ? readBack[key] : undefined;
      if (actual === undefined)
        problems.push(`${name}.${JSON.stringify(key)} was sent and accepted (${answer.status}) but is not stored`);
      else if (canonical(actual) !== canonical(expected))
        problems.push(
          `${name}.${JSON.stringify(key)} was sent as ${JSON.stringify(expected)} and reads back as ${JSON.stringify(actual)}`,
        );
    }
  }
  return problems;
}

/** The counterexample for a report: long strings cut (a 12 KB query would bury the rest). */
const printable = (value: unknown): string =>
  JSON.stringify(
    value,
    (_, v) => (typeof v === "string" && v.length > 3_000 ? `${v.slice(0, 200)}… (${v.length} characters)` : v),
    2,
  );

export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const fetcher = options.fetch ?? fetch;
  const document = (await (await fetcher(`${options.baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument;
  const targets = targetsOf(document);
  const aimed = targets.filter((t) => !options.only || options.only.test(`${t.method.toUpperCase()} ${t.path}`));
  if (aimed.length === 0) throw new Error(`no operation matches ${options.only}`);
  const tokens = await tokensFor(options.baseUrl, options.users, fetcher);
  const known = await knownIds(options.baseUrl, tokens.admin!, fetcher);
  const requests = fc.oneof(...aimed.map((t) => requestOf(document, t, known).map((r) => ({ t, r }))));

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
          const problems = [
            ...judge(document, targets, t, r, answer.status, answer.headers, answer.text),
            ...(await readBackMismatches(fetcher, options.baseUrl, tokens.admin!, t, r, answer)),
          ].filter((p) => !options.ignore?.test(p));
          if (problems.length) {
            const query = r.query.length > 300 ? `${r.query.slice(0, 120)}… (${r.query.length} characters)` : r.query;
            throw new Error(
              `${r.target}: ${r.method} ${r.path}${query ? `?${query}` : ""} → ${answer.status}\n  ${problems.join("\n  ")}\n  sent: ${(r.method === "GET" ? undefined : r.body)?.slice(0, 400) ?? "(no body)"}\n  answer: ${answer.text.slice(0, 400)}`,
            );
          }
        }),
        { numRuns: share(i), seed: options.seed + i, endOnFailure: false, maxSkipsPerRun: 0 },
      );
      if (result.failed) {
        failures.push(
          `seed ${options.seed + i}, path ${result.counterexamplePath}:\n${printable(result.counterexample?.[0]?.r)}\n${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}`,
        );
      }
    }),
  );
  return { seed: options.seed, requests: sent, statuses, failures, seconds: (Date.now() - started) / 1000 };
}
