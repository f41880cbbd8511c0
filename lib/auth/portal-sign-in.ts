// The portal link's sign-in, a next-auth Credentials provider beside the password's
// (password-sign-in.ts).
import "server-only";
import CredentialsProvider from "next-auth/providers/credentials";
import { logger } from "@/lib/log";
import { redeemPortalSession } from "@/lib/portal/redeem-portal-session";

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

export function portalProvider() {
  return CredentialsProvider({
    id: "portal-session",
    name: "Portal link",
    credentials: { token: { label: "Token", type: "text" } },
    authorize: (credentials) => authorizePortal(credentials),
  });
}
