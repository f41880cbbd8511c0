// Staff sign-in for the dashboard: next-auth v4 with a Credentials provider over the same users
// and token service as POST /v1/auth. The session is a JWT (encrypted cookie) that keeps the API
// token pair; the browser sees the access token and the user, never the refresh token.
import "server-only";
import type { AuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { ownCallbackUrl } from "@/lib/auth/callback-url";
import { can } from "@/lib/auth/roles";
import { needsRenewal, renewSessionTokens, sessionTokensFrom } from "@/lib/auth/session-tokens";
import { revokeTokens, signIn } from "@/lib/auth/token-service";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { redeemPortalSession } from "@/lib/portal/redeem-portal-session";
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

/**
 * A portal link's sign-in (lib/portal/redeem-portal-session.ts): no password; the one-time token
 * from the link's fragment, taken once. The session's access token ends with the portal session
 * and there is no refresh token, so its renewal fails then and the console asks to sign in.
 */
async function authorizePortal(credentials: unknown) {
  const token = typeof (credentials as { token?: unknown })?.token === "string" ? (credentials as { token: string }).token : "";
  const redeemed = token.length > 0 && token.length <= 128 ? await redeemPortalSession(token) : null;
  if (!redeemed) throw new Error("portal_link_invalid");
  logger().info({ event: "portal_session_opened", portalSessionId: redeemed.caller.userId }, "portal session opened");
  return {
    id: redeemed.caller.userId,
    name: "Portal session",
    role: redeemed.caller.role,
    merchantId: redeemed.caller.merchantId,
    portalSession: true,
    passwordChangeRequired: false,
    tokens: {
      accessToken: redeemed.accessToken,
      accessTokenExpires: redeemed.expiresAtMs,
      accessTokenRenewAt: redeemed.expiresAtMs,
      refreshToken: "",
    },
  };
}

async function renewed(token: JWT): Promise<JWT> {
  try {
    return { ...token, ...(await renewSessionTokens(token.refreshToken)), error: undefined };
  } catch (error) {
    if (error instanceof ApiError) {
      logger().info({ event: "session_renewal_refused", userId: token.sub, code: error.code }, "session renewal refused");
      return { ...token, error: "RefreshAccessTokenError" };
    }
    // Nothing was spent (the database may be down): keep the pair and try again on the next request.
    const name = error instanceof Error ? error.name : typeof error;
    logger().warn({ event: "session_renewal_failed", userId: token.sub, err: { name } }, "session renewal failed");
    return token;
  }
}

/**
 * With PORTAL_FRAME_ANCESTORS over https, the session, CSRF and callback cookies are
 * SameSite=None; Secure: a browser sends no other cookie inside a third-party frame. Over http a
 * framed portal cannot keep a session (Secure needs https), so the defaults (Lax) stay.
 */
function framedCookies(): Pick<AuthOptions, "cookies"> {
  const { portalFrameAncestors, nextAuthUrl } = env();
  if (portalFrameAncestors.length === 0 || !nextAuthUrl.startsWith("https://")) return {};
  const options = { httpOnly: true, sameSite: "none" as const, path: "/", secure: true };
  return {
    cookies: {
      sessionToken: { name: "__Secure-next-auth.session-token", options },
      callbackUrl: { name: "__Secure-next-auth.callback-url", options },
      csrfToken: { name: "__Host-next-auth.csrf-token", options },
    },
  };
}

function buildOptions(options: { renew: boolean }): AuthOptions {
  const { nextAuthSecret, auth } = env();
  return {
    secret: nextAuthSecret,
    ...framedCookies(),
    // The session cannot outlive its refresh-token family.
    session: { strategy: "jwt", maxAge: auth.familyMaxAgeSeconds },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Username and password",
        credentials: {
          username: { label: "Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, request) => authorize(credentials, request?.headers),
      }),
      CredentialsProvider({
        id: "portal-session",
        name: "Portal link",
        credentials: { token: { label: "Token", type: "text" } },
        authorize: (credentials) => authorizePortal(credentials),
      }),
    ],
    callbacks: {
      // Back to this site only, and never a throw: next-auth's default redirect fails with a 500 on
      // a callbackUrl that is no URL ("http://host:3000.evil.example/").
      redirect: ({ url, baseUrl }) => ownCallbackUrl(url, baseUrl) ?? baseUrl,
      // `session` data sent by the browser on update() is deliberately ignored: the browser never sets tokens.
      async jwt({ token, user }) {
        if (user) {
          const { name, role, merchantId, passwordChangeRequired, portalSession } = user;
          return { ...token, name, role, merchantId, passwordChangeRequired, portalSession, ...user.tokens, error: undefined };
        }
        if (!options.renew || token.error || !needsRenewal(token)) return token;
        // A portal session is not renewed: it ends when its one access token does.
        if (token.portalSession) return { ...token, error: "RefreshAccessTokenError" };
        return renewed(token);
      },
      async session({ session, token }): Promise<Session> {
        return {
          expires: session.expires,
          user: {
            id: token.sub ?? "",
            name: token.name ?? "",
            role: token.role,
            ...(token.merchantId ? { merchantId: token.merchantId } : {}),
            ...(token.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
            ...(token.portalSession ? { portalSession: true } : {}),
          },
          accessToken: token.accessToken,
          ...(token.error ? { error: token.error } : {}),
        };
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.refreshToken) await revokeTokens({ refreshToken: token.refreshToken });
      },
    },
    logger: {
      // next-auth's metadata can quote requests; log the code only.
      error: (code) => logger().error({ event: "next_auth_error", code }, "next-auth error"),
      warn: (code) => logger().warn({ event: "next_auth_warning", code }, "next-auth warning"),
      debug: () => {},
    },
  };
}

let renewing: AuthOptions | undefined;
let readOnly: AuthOptions | undefined;

/** Options for the next-auth route handler, which may renew the token pair and set the cookie. */
export function authOptions(): AuthOptions {
  renewing ??= buildOptions({ renew: true });
  return renewing;
}

/**
 * The session as server components see it. They cannot set cookies, so a renewal made here would
 * be lost and its spent refresh token presented again: here the session is only read, and the
 * browser's session requests (/api/auth/session) do the renewing.
 */
export function getStaffSession(): Promise<Session | null> {
  readOnly ??= buildOptions({ renew: false });
  return getServerSession(readOnly);
}
