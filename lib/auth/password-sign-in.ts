// The dashboard's password sign-in (a next-auth Credentials provider) over the same users and
// token service as POST /v1/auth; an account that may not read (ingest) is refused the console.
import "server-only";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { can } from "@/lib/access/roles";
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { sessionTokensFrom } from "@/lib/auth/session-tokens";
import { revokeTokens, signIn } from "@/lib/auth/token-service";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { clientAddress } from "@/lib/request/client-address";
import { requestIdOf } from "@/lib/request/request-id";
import { toApiError } from "@/lib/to-api-error";

const credentialsSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(256),
});

type HeaderBag = Record<string, string | string[] | undefined> | undefined;

// next-auth passes the request as a plain header object; the address and request-id helpers read a Request.
function requestFrom(headers: HeaderBag): Request {
  const picked = new Headers();
  for (const name of ["x-forwarded-for", "x-real-ip", "x-request-id"]) {
    const value = headers?.[name];
    if (typeof value === "string") picked.set(name, value);
  }
  return new Request("http://next-auth.internal/", { headers: picked });
}

// The error codes the sign-in form turns into messages: next-auth passes a thrown message along
// as `error`, so nothing but these codes may be thrown (an unexpected error's message could say
// anything about the server).
type SignInErrorCode = "invalid_credentials" | "too_many_attempts" | "console_access_denied" | "unavailable";

class SignInRefused extends Error {
  constructor(readonly code: SignInErrorCode) {
    super(code);
  }
}

function signInErrorCode(error: unknown, requestId: string): SignInErrorCode {
  if (error instanceof SignInRefused) return error.code;
  // toApiError logs what is unexpected (without its data) and recognises an unavailable database.
  const apiError = error instanceof ApiError ? error : toApiError(error, requestId);
  if (apiError.code === "invalid_credentials" || apiError.code === "too_many_attempts") return apiError.code;
  return "unavailable";
}

async function authorize(credentials: unknown, headers: HeaderBag) {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) throw new SignInRefused("invalid_credentials");
  const request = requestFrom(headers);
  const requestId = requestIdOf(request);
  try {
    const tokens = await signIn({ ...parsed.data, address: clientAddress(request), via: "dashboard" });
    // The account's current state too: a password someone else chose must be changed first.
    const caller = await callerOfAccessToken(tokens.access_token);
    if (!can(caller, "read")) {
      // Machine accounts (ingest) hold API tokens only; their new session ends at once.
      await revokeTokens({ refreshToken: tokens.refresh_token });
      logger().info({ event: "console_sign_in_refused", requestId, userId: caller.userId }, "console sign-in refused");
      throw new SignInRefused("console_access_denied");
    }
    logger().info({ event: "console_sign_in", requestId, userId: caller.userId }, "console sign-in");
    return {
      id: caller.userId,
      name: caller.username,
      role: caller.role,
      ...(caller.merchantId ? { merchantId: caller.merchantId } : {}),
      passwordChangeRequired: Boolean(caller.passwordChangeRequired),
      tokens: sessionTokensFrom(tokens),
    };
  } catch (error) {
    throw new Error(signInErrorCode(error, requestId));
  }
}

export function passwordProvider() {
  return CredentialsProvider({
    name: "Username and password",
    credentials: {
      username: { label: "Username", type: "text" },
      password: { label: "Password", type: "password" },
    },
    authorize: (credentials, request) => authorize(credentials, request?.headers),
  });
}
