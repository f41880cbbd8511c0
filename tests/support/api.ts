// Calling route handlers as Next.js would: a real Request, params as a promise. Every response
// is checked against the OpenAPI document (GET /v1/openapi.json): a status, header or body it does
// not describe fails the test.
import { randomBytes } from "node:crypto";
import { beforeAll } from "vitest";
import type { Role } from "@/lib/access/roles";
import type { RouteHandler } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";
import { createUser } from "@/lib/users/system-accounts";
import { assertResponseMatchesDocument } from "./openapi-validator";
import { TEST_PASSWORD } from "./test-password";

export { TEST_PASSWORD };

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** Sent as is: text (as UTF-8), or bytes (such as bytes that are not UTF-8), or a stream the test feeds. */
  rawBody?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
};

const randomByte = () => randomBytes(1)[0]!;

export async function call(handler: RouteHandler, url: string, options: CallOptions = {}) {
  // A client address of its own per call (as many clients would have), unless the test sets one:
  // per-address limits then only bite where a test means them to.
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.${randomByte()}.${randomByte()}.${randomByte()}`,
    ...options.headers,
  };
  let body: CallOptions["rawBody"] = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request(new URL(url, "http://localhost"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    // A stream is sent as it is fed (a slow client), as Node's server hands a request body over.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  assertResponseMatchesDocument(
    {
      method: request.method,
      url: request.url,
      params: options.params,
      status: response.status,
      headers: response.headers,
      text,
    },
    openApiDocument(),
  );
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as Record<string, any> };
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A new user of the role, and a fresh token pair for it. */
export async function userWithTokens(role: Role) {
  const { POST } = await import("@/app/v1/auth/route");
  const username = uniqueName(role);
  const user = await createUser({ username, password: TEST_PASSWORD, role });
  const res = await call(POST, "/v1/auth", {
    body: { username, password: TEST_PASSWORD },
    headers: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return {
    user,
    username,
    accessToken: res.json.access_token as string,
    refreshToken: res.json.refresh_token as string,
  };
}

/** Access tokens of one new user per role, signed in before the file's tests run. */
export function tokensOf<R extends Role>(...roles: R[]): Record<R, string> {
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    for (const role of roles) tokens[role] = (await userWithTokens(role)).accessToken;
  });
  return tokens;
}

/** One access token per role, for tests that call as several (a user of each role, made once). */
export async function accessTokensOf<const R extends Role>(roles: readonly R[]): Promise<Record<R, string>> {
  const tokens = await Promise.all(roles.map(async (role) => [role, (await userWithTokens(role)).accessToken] as const));
  return Object.fromEntries(tokens) as Record<R, string>;
}
