// The route handler of next-auth's endpoints (/api/auth/*): next-auth's own, behind checks that
// keep every request off its failure paths, which answer 500 ("server configuration") or throw
// (a stack in the log): each action is served only with the methods next-auth serves it with
// here (405 with Allow otherwise; 404 for an action or provider there is not), a callbackUrl in
// the query that is not ours is dropped (lib/auth/callback-url.ts; the redirect callback ignores
// one in the form, the proxy one in the cookie), an error code must be one, and a JSON body must
// parse. Refusals are problem+json, as the proxy's are; anything else thrown is the logged 500 of
// lib/to-api-error.ts.
import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { ownCallbackUrl } from "@/lib/auth/callback-url";
import { authOptions } from "@/lib/auth/next-auth-options";
import { env } from "@/lib/env";
import { badRequest, methodNotAllowed, notFound } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem-response";
import { requestIdOf } from "@/lib/request/request-id";
import { toApiError } from "@/lib/to-api-error";

type Context = { params: Promise<{ nextauth: string[] }> };
type Handler = (request: NextRequest, context: Context) => Promise<Response>;

/**
 * next-auth's actions and the methods it serves each with here. Every provider is a Credentials
 * one, whose callback is the sign-in form's post (next-auth answers a GET of it with a 500), and
 * none sends e-mail (verify-request).
 */
const ACTIONS: Record<string, readonly string[]> = {
  csrf: ["GET"],
  providers: ["GET"],
  session: ["GET", "POST"],
  signin: ["GET", "POST"],
  signout: ["GET", "POST"],
  callback: ["POST"],
  error: ["GET"],
  _log: ["POST"],
};

/** next-auth's error codes (CredentialsSignin) and the sign-in form's (invalid_credentials). */
const ERROR_CODE = /^\w{0,64}$/;

// Built on the first request: the options read the configuration, which `next build` does not have.
let nextAuth: Handler | undefined;

/** Throws the refusal of a request next-auth does not serve here. */
function checkRoute(request: NextRequest, [action = "", providerId]: string[]): void {
  const methods = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  if (!methods) throw notFound(`There is no sign-in endpoint ${request.nextUrl.pathname}.`);
  if (!methods.includes(request.method)) throw methodNotAllowed(methods.join(", "));
  if (action === "callback" && !providerIds().includes(providerId ?? "")) {
    throw notFound(`There is no sign-in provider ${providerId ?? "(none)"}.`);
  }
  // next-auth writes the error code (the query's, else the path's) into its redirect's Location
  // unescaped, where a CR, an LF or a character beyond Latin-1 throws.
  const codes = [...request.nextUrl.searchParams.getAll("error"), providerId ?? ""];
  if (action === "error" && !codes.every((code) => ERROR_CODE.test(code))) {
    throw badRequest("invalid_error_code", "An error code is letters, digits and underscores.");
  }
}

/** The providers' ids: a provider holds the id it was given in `options`, which next-auth merges over its default. */
function providerIds(): string[] {
  return authOptions().providers.map((provider) => (provider.options as { id?: string } | undefined)?.id ?? provider.id);
}

/** The request as next-auth is to see it: without a callbackUrl in the query that is not ours, its body read once. */
async function forNextAuth(request: NextRequest): Promise<NextRequest> {
  const url = new URL(request.url);
  const baseUrl = env().nextAuthUrl;
  const foreign = url.searchParams.getAll("callbackUrl").some((value) => !ownCallbackUrl(value, baseUrl));
  if (foreign) url.searchParams.delete("callbackUrl");
  if (request.method !== "POST") return foreign ? new NextRequest(url, { headers: request.headers }) : request;
  const body = await request.text();
  // As next-auth picks its parser.
  if (request.headers.get("content-type")?.includes("application/json")) {
    try {
      JSON.parse(body);
    } catch {
      throw badRequest("malformed_json", "The request body is not valid JSON.");
    }
  }
  return new NextRequest(url, { method: "POST", headers: request.headers, body });
}

async function handle(request: NextRequest, context: Context): Promise<Response> {
  const requestId = requestIdOf(request);
  try {
    checkRoute(request, (await context.params).nextauth ?? []);
    const forwarded = await forNextAuth(request);
    nextAuth ??= NextAuth(authOptions()) as Handler;
    return await nextAuth(forwarded, context);
  } catch (error) {
    return problemResponse(toApiError(error, requestId), requestId);
  }
}

/** The route file's exports: every method, each refused where next-auth does not serve it (HEAD goes to GET's). */
export function nextAuthRoute(): Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler> {
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, OPTIONS: handle };
}
