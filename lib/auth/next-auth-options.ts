// Staff sign-in for the dashboard: next-auth v4's options, with two Credentials providers (the
// password, password-sign-in.ts; a portal link, portal-sign-in.ts) over the same users and token
// service as POST /v1/auth. The session is a JWT (encrypted cookie) that keeps the API token pair,
// renewed when due (session-renewal.ts); the browser sees the access token and the user, never
// the refresh token. Server components read it through staff-session.ts.
import "server-only";
import type { AuthOptions, Session } from "next-auth";
import { ownCallbackUrl } from "@/lib/auth/callback-url";
import { passwordProvider } from "@/lib/auth/password-sign-in";
import { portalProvider } from "@/lib/auth/portal-sign-in";
import { renewedWhenDue } from "@/lib/auth/session-renewal";
import { revokeTokens } from "@/lib/auth/token-service";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

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

/** next-auth's options; `renew` whether its jwt callback may renew the token pair (and set the cookie). */
export function buildOptions(options: { renew: boolean }): AuthOptions {
  const { nextAuthSecret, auth } = env();
  return {
    secret: nextAuthSecret,
    ...framedCookies(),
    // The session cannot outlive its refresh-token family.
    session: { strategy: "jwt", maxAge: auth.familyMaxAgeSeconds },
    pages: { signIn: "/login", error: "/login" },
    providers: [passwordProvider(), portalProvider()],
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
        return renewedWhenDue(token, options.renew);
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

/** Options for the next-auth route handler, which may renew the token pair and set the cookie. */
export function authOptions(): AuthOptions {
  renewing ??= buildOptions({ renew: true });
  return renewing;
}
