// The one wrapper around every API route handler: request id, bearer authentication (where
// asked), fair use for every authenticated caller (lib/http/fair-use.ts), a rate limit (where
// asked), the query string against the route's schema (a route that
// declares none takes no parameter: each one given is refused by name), error mapping to
// problem+json, Cache-Control: no-store unless the route names its own, an access log line.
// Handlers stay a few lines long.
import { z } from "zod";
import type { Caller, Permission } from "@/lib/access/roles";
import { authenticateBearer } from "@/lib/auth/bearer";
import { inPipeline } from "@/lib/db/client";
import { forbidden, methodNotAllowed, notFound } from "@/lib/errors";
import { readJsonText } from "@/lib/http/body";
import { admitRequest, chargeRead, type RequestKind, readCost } from "@/lib/http/fair-use";
import { releaseWhenSent } from "@/lib/http/in-flight-limit";
import { problemResponse } from "@/lib/http/problem-response";
import { readQuery } from "@/lib/http/query";
import { enforceRateLimit, type RateLimitName } from "@/lib/http/rate-limit";
import { type ServiceLimit, setRateLimitFields } from "@/lib/http/rate-limit-fields";
import { IDEMPOTENCY_KEY_HEADER, withIdempotencyKey } from "@/lib/idempotency/replay";
import { accessLogger } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/registry";
import { routePattern } from "@/lib/metrics/route-pattern";
import { clientAddress } from "@/lib/request/client-address";
import { requestIdOf } from "@/lib/request/request-id";
import { requestUrl } from "@/lib/request/request-url";
import { toApiError } from "@/lib/to-api-error";
import { inSpan, requestParent, type Span, tracingOn } from "@/lib/tracing/trace";
import { unstorableText } from "@/lib/validation/storable-text";

type Params = Record<string, string | string[]>;
type NextContext = { params: Promise<Params> };
export type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

/** The query string of a route that declares no schema: none at all. */
const NO_QUERY = z.strictObject({});
type NoQuery = typeof NO_QUERY;

export type PublicContext<P extends Params, Q = z.infer<NoQuery>> = {
  request: Request;
  requestId: string;
  params: P;
  /** The query string, parsed by the route's `query` schema. */
  query: Q;
};
export type AuthedContext<P extends Params, Q = z.infer<NoQuery>> = PublicContext<P, Q> & { caller: Caller };
/** What the wrapper does besides authentication: a rate limit (per user, or per address when public). */
export type RouteOptions = {
  rateLimit?: RateLimitName;
  /** The one route a caller whose password must be changed may use (POST /v1/auth/password). */
  allowsPendingPasswordChange?: boolean;
  /**
   * A create that takes an Idempotency-Key (lib/idempotency/replay.ts), and the right it needs:
   * checked before a stored response is replayed, since a replay does not run the service.
   */
  idempotentFor?: Permission;
  /**
   * Takes notifications: fair use admits it as ingestion (many in flight, a terminal fleet's rate,
   * never shed for the instance's sake) and it runs on the pipeline's database connections.
   */
  ingestion?: boolean;
};
/** The options of every route that creates or changes something (ingestion excepted). */
export const WRITE: RouteOptions = { rateLimit: "write" };

/** The options of the routes that take notifications. */
export const INGESTION: RouteOptions = { ingestion: true };

/** A create that takes an Idempotency-Key: WRITE, replayed for callers with `permission`. */
export const idempotentWrite = (permission: Permission): RouteOptions => ({ ...WRITE, idempotentFor: permission });

type Work = (request: Request, requestId: string, params: Params) => Promise<{ response: Response; userId?: string }>;

/**
 * A route handler doing `work` inside the wrapper (request id, error mapping, metrics, access
 * log). Traced, each request is a span named by its route (the label /metrics uses: no ids).
 */
function wrapped(work: Work): RouteHandler {
  return (request, context) => {
    if (!tracingOn()) return respond(request, context, work, undefined);
    const { parent, kind } = requestParent(request.headers);
    return inSpan(request.method, { parent, kind, attributes: { "http.request.method": request.method } }, (span) =>
      respond(request, context, work, span),
    );
  };
}

/** Names the method of a request that scripts/server.mjs passed on as OPTIONS, since Next.js cannot serve it. */
const UNSERVED_METHOD_HEADER = "x-unserved-method";

/** The method the client sent, for the access log, metrics and traces. */
function methodAsked(request: Request): string {
  return (request.method === "OPTIONS" && request.headers.get(UNSERVED_METHOD_HEADER)) || request.method;
}

async function respond(
  request: Request,
  context: NextContext | undefined,
  work: Work,
  span: Span | undefined,
): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(request);
  let response: Response;
  let userId: string | undefined;
  let params: Params = {};
  try {
    params = (await context?.params) ?? {};
    // No resource has an id holding text PostgreSQL cannot store (U+0000, a lone surrogate),
    // and it could not even compare with one.
    if (unstorableText(params)) throw notFound();
    ({ response, userId } = await work(request, requestId, params));
  } catch (error) {
    response = problemResponse(toApiError(error, requestId), requestId);
  }
  response.headers.set("x-request-id", requestId);
  // An answer may hold a secret (lib/validation/secret-field.ts) or a merchant's data: no cache
  // keeps one unless its route names a policy of its own (the OpenAPI document, the JWKS).
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  const path = requestUrl(request).pathname;
  const ms = performance.now() - started;
  const route = routePattern(path, params);
  const method = methodAsked(request);
  observeRequest({ method, route, status: response.status, ms });
  span?.updateName(`${method} ${route}`);
  span?.setAttributes({ "http.route": route, "http.response.status_code": response.status, "request.id": requestId });
  accessLogger().info({ requestId, method, path, status: response.status, ms: Math.round(ms), userId }, "request");
  return response;
}

type QueryOption<S extends z.ZodType> = {
  /**
   * The query string's schema, read after authentication and the rate limit. Without one the
   * route takes no parameter: each one given is a 400 naming it. null: not read at all, for a
   * route whose answer cannot depend on it (health probes, the unknown route's 404).
   */
  query?: S | null;
};

function queryOf<S extends z.ZodType>(request: Request, schema: S | null | undefined): z.infer<S> {
  return schema === null ? ({} as z.infer<S>) : (readQuery(request, schema ?? NO_QUERY) as z.infer<S>);
}

/** A route anyone may call (token issuance, health). */
export function publicRoute<P extends Params = Params, S extends z.ZodType = NoQuery>(
  handler: (ctx: PublicContext<P, z.infer<S>>) => Promise<Response>,
  options: RouteOptions & QueryOption<S> = {},
): RouteHandler {
  return wrapped(async (request, requestId, params) => {
    const limit = options.rateLimit && (await enforceRateLimit(options.rateLimit, `addr:${clientAddress(request)}`));
    const query = queryOf(request, options.query);
    const response = await handler({ request, requestId, params: params as P, query });
    if (limit) setRateLimitFields(response.headers, [limit]);
    return { response };
  });
}

/** A route that needs a valid access token; what the caller may do is checked by the service. */
export function authedRoute<P extends Params = Params, S extends z.ZodType = NoQuery>(
  handler: (ctx: AuthedContext<P, z.infer<S>>) => Promise<Response>,
  options: RouteOptions & QueryOption<S> = {},
): RouteHandler {
  return wrapped(async (request, requestId, params) => {
    const caller = await authenticateBearer(request);
    if (caller.passwordChangeRequired && !options.allowsPendingPasswordChange) {
      throw forbidden(
        "password_change_required",
        "This account's password was set by someone else: change it first (POST /v1/auth/password).",
        {
          "www-authenticate":
            'Bearer realm="payment-integrations", error="insufficient_scope", error_description="password change required"',
        },
      );
    }
    const kind = requestKind(request, options);
    const admission = admitRequest(caller, kind);
    // Given back when the answer's last byte is sent (releaseWhenSent), or here if none is made.
    let release: (() => void) | undefined = admission.release;
    try {
      const limits: ServiceLimit[] = [...admission.limits];
      if (options.rateLimit) limits.push(await enforceRateLimit(options.rateLimit, `user:${caller.userId}`));
      let query: z.infer<S> | undefined;
      try {
        query = queryOf(request, options.query);
      } finally {
        // A read costs the rows it asks for, known once its query is read (one if it is refused).
        if (kind === "read") limits.push(...chargeRead(caller, readCost(query)));
      }
      const respond = () => handler({ request, requestId, params: params as P, caller, query: query as z.infer<S> });
      let response: Response;
      if (options.ingestion) response = await inPipeline(respond);
      else if (!options.idempotentFor) response = await respond();
      else {
        // The key's fingerprint needs the body; the handler reads it again from the original.
        const bodyText = request.headers.has(IDEMPOTENCY_KEY_HEADER) ? await readJsonText(request.clone()) : "";
        response = await withIdempotencyKey({ request, caller, bodyText, permission: options.idempotentFor }, respond);
      }
      setRateLimitFields(response.headers, limits);
      const held = releaseWhenSent(response, admission.release, request);
      release = undefined;
      return { response: held, userId: caller.userId };
    } finally {
      release?.();
    }
  });
}

/** What fair use counts a request as (lib/http/fair-use.ts). */
function requestKind(request: Request, options: RouteOptions): RequestKind {
  if (options.ingestion) return "ingest";
  return request.method === "GET" || request.method === "HEAD" ? "read" : "write";
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Exports for a route file: the given methods, and 405 problem+json with Allow for the rest,
 * OPTIONS included (the API answers no CORS preflight, and Next.js's own OPTIONS would list every
 * export), which is also how a method Next.js cannot serve reaches a route (scripts/server.mjs).
 * HEAD is Next.js's: GET's answer without its body.
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const refuse = wrapped(async () => {
    throw methodNotAllowed(allow);
  });
  const served = Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? refuse])) as Record<Method, RouteHandler>;
  return { ...served, OPTIONS: refuse };
}

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", ...init.headers },
  });
}
