// Authenticates an API request by its bearer token (RFC 6750). The /v1 API takes no cookies.

import type { Caller } from "@/lib/access/roles";
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { badRequest, unauthorized } from "@/lib/errors";
import { TokenRejected } from "@/lib/tokens/jwt";

const REALM = 'Bearer realm="payment-integrations"';

export async function authenticateBearer(request: Request): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) {
    throw unauthorized("unauthenticated", "Send an access token: Authorization: Bearer <token>.", REALM);
  }
  // RFC 6750 section 2.1: credentials = "Bearer" 1*SP b64token, the scheme in any case (RFC 9110
  // auth-schemes are case-insensitive). A Bearer header whose token is not a b64token is a
  // malformed request (400 invalid_request); a well-formed token that is not ours, or another
  // scheme, is an invalid token (401).
  const bearer = /^bearer(?:$| +(.*)$)/i.exec(header);
  const token = bearer?.[1] ?? "";
  if (bearer && !/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) {
    throw badRequest("invalid_request", "The Authorization header is malformed: send Authorization: Bearer <token>.", undefined, {
      "www-authenticate": `${REALM}, error="invalid_request"`,
    });
  }
  const jwt = bearer && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.exec(token);
  try {
    if (!jwt) throw new TokenRejected("invalid");
    return await callerOfAccessToken(jwt[0]);
  } catch (e) {
    if (!(e instanceof TokenRejected)) throw e;
    throw unauthorized("invalid_token", e.message, `${REALM}, error="invalid_token", error_description="${e.message}"`);
  }
}
