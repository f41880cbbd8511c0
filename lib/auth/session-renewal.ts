// A dashboard session's token pair renewed when it is due (session-tokens.ts), by the next-auth
// route only: server components read the session without renewing (staff-session.ts).
import "server-only";
import type { JWT } from "next-auth/jwt";
import { needsRenewal, renewSessionTokens } from "@/lib/auth/session-tokens";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/log";

/** The session's token, renewed when `renew` is allowed and it is due. */
export async function renewedWhenDue(token: JWT, renew: boolean): Promise<JWT> {
  if (!renew || token.error || !needsRenewal(token)) return token;
  // A portal session is not renewed: it ends when its one access token does.
  if (token.portalSession) return { ...token, error: "RefreshAccessTokenError" };
  return renewed(token);
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
