// Authenticates an API request by its bearer token (RFC 6750). The /v1 API takes no cookies.
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { TokenRejected } from "@/lib/auth/jwt";
import type { Caller } from "@/lib/auth/roles";
import { ApiError } from "@/lib/http/api-error";

const REALM = 'Bearer realm="payment-integrations"';

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
    return await callerOfAccessToken(match[1]!);
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
