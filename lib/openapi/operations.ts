// One operation of the document from a short declaration: what the route reads (path, query
// schema, body schema, Idempotency-Key) and answers. The problems that follow from what it
// reads are added here, once: a JSON body can be malformed or nested too deep (400), too large (413) or not JSON
// (415), a file too slow to arrive (408); a strict query string refuses unknown parameters (400); a bearer route can be 401/403;
// a path with an id can be 404 (the wrapper answers it for an id holding U+0000); a route that
// touches the database can be 503; and every route can be 500, since the wrapper maps any
// unexpected failure to it.
import "server-only";
import type { z } from "zod";
import { UPLOAD_TIMEOUT_DEFAULTS } from "@/lib/env";
import { sizeLabel } from "@/lib/http/body";
import {
  HEADERS,
  IDEMPOTENCY_KEY_PARAMETER,
  problemResponse,
  problemSchemaFor,
  RESPONSES,
  ref,
  type SchemaName,
} from "@/lib/openapi/components";
import { jsonSchemaOf } from "@/lib/openapi/json-schema";
import type { Header, HttpMethod, JsonSchema, Operation, Parameter, Reference, Response } from "@/lib/openapi/types";

/** What each problem code means, for the responses' descriptions. */
const PROBLEM_CODES: Record<string, string> = {
  malformed_json: "the body is empty or not well-formed JSON",
  body_incomplete: "the body ended before it was complete (the client went away mid-upload)",
  nesting_too_deep: "the body nests arrays and objects deeper than 32 levels",
  validation_failed: "a field or query parameter is missing, mistyped, repeated or unknown; each is named in `errors`",
  invalid_cursor: "the cursor is malformed, tampered with, or was made for other filters or another sort",
  invalid_idempotency_key: "the Idempotency-Key header is not 1 to 255 printable ASCII characters",
  invalid_grant: "the refresh token is expired, spent, revoked or not a refresh token (a spent one ends its family)",
  invalid_credentials: "the username or password is wrong, or the user is disabled (indistinguishable)",
  not_found: "there is no such resource",
  tax_id_taken: "a merchant with this tax id is already registered",
  duplicate_credential: "an enabled credential for this provider, MID and TID already exists",
  authentication_data_unreadable: "the stored authenticationData cannot be decrypted: send it in full to replace it",
  event_not_failed: "only a failed event can be retried",
  idempotency_in_flight: "a request with this Idempotency-Key is still running; retry after Retry-After",
  idempotency_response_unavailable: "the response stored for this Idempotency-Key can no longer be read; use a new key",
  idempotency_key_reused: "this Idempotency-Key was used with another request",
  merchant_not_found: "merchantId names no merchant (or, to a merchant account, another merchant)",
  merchant_only_for_merchant_accounts: "merchantId is only for an account of role merchant",
  provider_not_found: "providerId (or, without it, providerName) names no provider",
  provider_name_mismatch: "providerName is not the name of the provider providerId",
  delivery_pending: "the delivery is pending (due, in flight or waiting for a retry): it will be attempted anyway",
  too_many_attempts:
    "too many failed sign-ins for this username or address, or too many sign-ins a minute; retry after Retry-After",
  rate_limited:
    "too many requests from this user (writes, exports) or address (token refresh, revocation); retry after Retry-After",
  invalid_request: "the Authorization header is malformed (Bearer followed by something that is not a token)",
};

export type ProblemDeclaration = { codes: string[]; headers?: Record<string, Reference | Header> };

export type SuccessDeclaration = {
  description: string;
  /** A named schema (JSON), or a media type with its own schema (a CSV file). */
  body: SchemaName | { mediaType: string; schema: JsonSchema };
  headers?: Record<string, Reference | Header>;
};

export type OperationDeclaration = {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** bearer: an access token is required (401 without, 403 for a role without the right). */
  auth: "bearer" | "public";
  /** The route's strict query schema (unknown parameters are a 400). */
  query?: z.ZodObject;
  /** Words for the query parameters the schema does not describe itself. */
  queryDescriptions?: Record<string, string>;
  /** Words for each {parameter} of the path. */
  pathParameters?: Record<string, string>;
  idempotencyKey?: boolean;
  /**
   * A JSON body unless mediaTypes says otherwise (a file): then maxBytes is its limit, and the
   * 413 and 415 state them rather than the JSON body's 64 KiB.
   */
  body?: { schema: SchemaName; description?: string; mediaTypes?: string[]; maxBytes?: number };
  /** Answers 503 when the database is away (default true). */
  database?: boolean;
  /** The route wrapper's rate limit (lib/http/rate-limit.ts): 429 rate_limited beyond it. */
  rateLimit?: "write" | "export" | "token";
  success: Record<number, SuccessDeclaration>;
  problems?: Partial<Record<400 | 401 | 404 | 409 | 422 | 429, ProblemDeclaration>>;
};

const REQUEST_ID = { "X-Request-Id": HEADERS.requestId };

function describeCodes(lead: string, codes: string[]): string {
  const list = codes.map((code) => `- \`${code}\`: ${PROBLEM_CODES[code] ?? code.replaceAll("_", " ")}`).join("\n");
  return `${lead}\n\n${list}`;
}

const PROBLEM_LEADS: Record<number, string> = {
  400: "The request is not valid.",
  401: "Not authenticated.",
  404: "Not found.",
  409: "Conflict with the current state.",
  422: "The request is well-formed but refers to something that does not fit.",
  429: "Too many requests.",
};

function problem(status: number, declaration: ProblemDeclaration): Response {
  return {
    description: describeCodes(PROBLEM_LEADS[status] ?? "", declaration.codes),
    headers: { ...REQUEST_ID, ...declaration.headers },
    content: { "application/problem+json": { schema: problemSchemaFor(status, declaration.codes) } },
  };
}

function queryParameters(declaration: OperationDeclaration): Parameter[] {
  if (!declaration.query) return [];
  const object = jsonSchemaOf(declaration.query, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: "query" as const,
      required: object.required?.includes(name) ?? false,
      description: declaration.queryDescriptions?.[name] ?? (description as string | undefined),
      schema: rest,
    };
  });
}

function pathParameters(declaration: OperationDeclaration): Parameter[] {
  return [...declaration.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path" as const,
    required: true,
    description: declaration.pathParameters?.[name!],
    schema: { type: "string", minLength: 1 },
  }));
}

/** The RateLimit fields, on the answers of a request some rate counts (lib/http/rate-limit-fields.ts). */
const RATE_LIMIT_FIELDS = { "RateLimit-Policy": HEADERS.rateLimitPolicy, RateLimit: HEADERS.rateLimit };

function successResponse(declaration: SuccessDeclaration, rateLimited: boolean): Response {
  const content =
    typeof declaration.body === "string"
      ? { "application/json": { schema: ref(declaration.body) } }
      : { [declaration.body.mediaType]: { schema: declaration.body.schema } };
  const headers = { ...REQUEST_ID, ...(rateLimited ? RATE_LIMIT_FIELDS : {}), ...declaration.headers };
  return { description: declaration.description, headers, content };
}

export function operation(declaration: OperationDeclaration): Operation {
  const problems = { ...declaration.problems };
  const badRequestCodes = new Set(problems[400]?.codes ?? []);
  const fileBody = declaration.body?.mediaTypes?.some((type) => !type.endsWith("json")) ?? false;
  if (declaration.body) {
    badRequestCodes.add("body_incomplete");
    badRequestCodes.add("malformed_json");
    badRequestCodes.add("nesting_too_deep");
    badRequestCodes.add("validation_failed");
  }
  // Every API route reads its query string strictly (lib/http/route.ts): one that declares no
  // query refuses any parameter given; the probes and keys outside /v1 do not read it.
  const strictQuery = declaration.path.startsWith("/v1/");
  if (strictQuery) badRequestCodes.add("validation_failed");
  if (declaration.query && "cursor" in declaration.query.shape) badRequestCodes.add("invalid_cursor");
  if (declaration.idempotencyKey) badRequestCodes.add("invalid_idempotency_key");
  if (declaration.auth === "bearer") badRequestCodes.add("invalid_request");
  if (badRequestCodes.size > 0) problems[400] = { ...problems[400], codes: [...badRequestCodes] };
  if (declaration.path.includes("{")) {
    problems[404] = { ...problems[404], codes: [...new Set([...(problems[404]?.codes ?? []), "not_found"])] };
  }
  // Fair use (lib/http/fair-use.ts) bounds every authenticated caller's requests in flight and,
  // for reads and notifications, their rate: any bearer operation may answer 429.
  const limits = [
    ...(declaration.rateLimit || declaration.auth === "bearer" ? ["rate_limited"] : []),
    ...(declaration.auth === "bearer" ? ["concurrency_limited"] : []),
  ];
  if (limits.length > 0) {
    problems[429] = {
      codes: [...new Set([...(problems[429]?.codes ?? []), ...limits])],
      headers: { "Retry-After": HEADERS.retryAfter, ...RATE_LIMIT_FIELDS, ...problems[429]?.headers },
    };
  }

  const responses: Record<string, Response | Reference> = {};
  const rateLimited = Boolean(declaration.rateLimit) || declaration.auth === "bearer";
  for (const [status, success] of Object.entries(declaration.success)) responses[status] = successResponse(success, rateLimited);
  for (const [status, declared] of Object.entries(problems)) responses[status] = problem(Number(status), declared);
  if (declaration.auth === "bearer") {
    responses["401"] ??= RESPONSES.Unauthorized;
    responses["403"] = RESPONSES.Forbidden;
  }
  if (declaration.body && fileBody) {
    const types = declaration.body.mediaTypes ?? [];
    const limit = declaration.body.maxBytes;
    responses["413"] = problemResponse(
      `The body exceeds ${limit ? sizeLabel(limit) : "the route's limit"} (body_too_large).`,
      413,
      ["body_too_large"],
    );
    responses["415"] = problemResponse(
      `The body is not sent as ${types.join(" or ")} (unsupported_media_type): use Content-Type: ${types[0]}.`,
      415,
      ["unsupported_media_type"],
    );
    // A file is received whole before it is read (lib/http/body.ts readTextStream bounds its time).
    responses["408"] = problemResponse(
      `The file did not arrive in time (upload_timeout): nothing came for ${UPLOAD_TIMEOUT_DEFAULTS.idleMs / 1000} s, or ` +
        `it was not all there ${UPLOAD_TIMEOUT_DEFAULTS.totalMs / 1000} s after it began (the defaults of ` +
        "UPLOAD_IDLE_TIMEOUT_MS and UPLOAD_TIMEOUT_MS; the detail names the limit). Nothing is stored.",
      408,
      ["upload_timeout"],
    );
  } else if (declaration.body) {
    responses["413"] = RESPONSES.ContentTooLarge;
    responses["415"] = RESPONSES.UnsupportedMediaType;
  }
  if (declaration.database ?? true) responses["503"] = RESPONSES.ServiceUnavailable;
  responses["500"] = RESPONSES.InternalError;

  const parameters: (Parameter | Reference)[] = [...pathParameters(declaration), ...queryParameters(declaration)];
  if (declaration.idempotencyKey) parameters.push(IDEMPOTENCY_KEY_PARAMETER);

  const queryRule = !strictQuery
    ? undefined
    : declaration.query
      ? "Unknown or repeated query parameters are refused (400 validation_failed, naming each)."
      : "Takes no query parameters: any given is refused (400 validation_failed, naming each).";
  const description = [declaration.description, queryRule].filter(Boolean).join("\n\n");

  return {
    operationId: declaration.operationId,
    summary: declaration.summary,
    ...(description ? { description } : {}),
    tags: [declaration.tag],
    security: declaration.auth === "bearer" ? [{ bearerAuth: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(declaration.body
      ? {
          requestBody: {
            required: true,
            ...(declaration.body.description ? { description: declaration.body.description } : {}),
            content: Object.fromEntries(
              (declaration.body.mediaTypes ?? ["application/json"]).map((type) => [
                type,
                { schema: ref(declaration.body!.schema) },
              ]),
            ),
          },
        }
      : {}),
    responses: sortByStatus(responses),
  };
}

function sortByStatus<T>(responses: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
