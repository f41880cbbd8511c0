// Authenticates an API request by its bearer token (RFC 6750). The /v1 API takes no cookies.
import { TokenRejected, verifyAccessToken } from "@/lib/auth/jwt";
import type { Caller } from "@/lib/auth/roles";
import { ApiError } from "@/lib/http/api-error";

const REALM = 'Bearer realm="payment-integrations"';

// Verified tokens, so a client's every request does not pay for a signature check. Bounded;
// an entry is used only before its token's own expiry.
const MAX_CACHED = 10_000;
const verified = new Map<string, { caller: Caller; expiresAt: number }>();

async function verifyCached(token: string): Promise<Caller> {
  const hit = verified.get(token);
  if (hit && hit.expiresAt > Date.now()) return hit.caller;
  const caller = await verifyAccessToken(token);
  if (verified.size >= MAX_CACHED) verified.clear();
  verified.set(token, { caller, expiresAt: expiryOf(token) });
  return caller;
}

function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { exp: number };
  return payload.exp * 1000;
}

export async function authenticateBearer(request: Request): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) {
    throw new ApiError({
      status: 401,
      code: "unauthenticated",
      detail: "Send an access token: Authorization: Bearer <token>.",
      headers: { "www-authenticate": REALM },
    });
  }
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/.exec(header);
  try {
    if (!match) throw new TokenRejected("invalid");
    return await verifyCached(match[1]!);
  } catch (e) {
    if (!(e instanceof TokenRejected)) throw e;
    throw new ApiError({
      status: 401,
      code: "invalid_token",
      detail: e.message,
      headers: { "www-authenticate": `${REALM}, error="invalid_token", error_description="${e.message}"` },
    });
  }
}
