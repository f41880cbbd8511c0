// Runs before every page (not the /v1 API, which takes bearer tokens only and has no pages):
// a fresh CSP nonce per response, and an origin check on cookie-authenticated mutations
// (next-auth's sign-in and sign-out), so another site cannot post them with our cookies. Pages
// answer GET and HEAD only (405 otherwise), and a next-auth callback-url cookie that is not ours
// never reaches next-auth, which answers one with a 500 on every request, pages included.
import { type NextRequest, NextResponse } from "next/server";
import { withoutForeignCallbackUrl } from "@/lib/auth/callback-url";
import { env } from "@/lib/env";
import { forbidden, methodNotAllowed } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem-response";
import { requestIdOf } from "@/lib/request/request-id";
import { contentSecurityPolicy } from "@/lib/security/content-security-policy";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function sameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true; // same-origin form posts from old browsers; next-auth's CSRF token still applies
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Whether this is a page asked with a method it does not serve (OPTIONS, and what Next.js cannot
 * serve, comes as OPTIONS: scripts/server.mjs). next-auth's routes (/api/auth) refuse methods
 * themselves. There are no server actions: a POST naming one (`next-action`, a header any client
 * can send) was let through to Next.js's action handler; one added later must be let through here
 * by its page, not by a header.
 */
function unservedPageMethod(request: NextRequest): boolean {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) return false;
  return request.method !== "GET" && request.method !== "HEAD";
}

export function proxy(request: NextRequest): NextResponse {
  if (unservedPageMethod(request)) {
    return problemResponse(methodNotAllowed("GET, HEAD"), requestIdOf(request)) as NextResponse;
  }
  if (MUTATING.has(request.method) && !sameOrigin(request)) {
    // The one problem shape (type, detail, request id), like every API refusal.
    const refused = forbidden("cross_origin_request", "This request came from another site; sign in from the console itself.");
    return problemResponse(refused, requestIdOf(request)) as NextResponse;
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    frameAncestors: env().portalFrameAncestors,
  });
  // Next reads the nonce for its own scripts from the request's policy header.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const cookie = request.headers.get("cookie");
  if (cookie) requestHeaders.set("cookie", withoutForeignCallbackUrl(cookie, env().nextAuthUrl));
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

// Every page request, prefetches included: a `missing` clause on a header (Next's example skips
// next-router-prefetch to save work) lets any client switch every guard above off by sending it.
export const config = {
  matcher: [
    {
      source: "/((?!v1/|\\.well-known/|healthz|readyz|metrics|bench/|_next/static|_next/image|favicon.ico|icon.svg).*)",
    },
  ],
};
