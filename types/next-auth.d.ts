// What the staff session holds. The JWT (encrypted in an HttpOnly cookie, read only by the
// server) keeps the API token pair; the Session sent to the browser never carries the refresh token.
import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/auth/roles";
import type { SessionTokens } from "@/lib/auth/session-tokens";

export type SessionError = "RefreshAccessTokenError";

declare module "next-auth" {
  interface Session {
    /** merchantId: a merchant account's merchant (the portal's scope); absent for staff. */
    user: {
      id: string;
      name: string;
      role: Role;
      merchantId?: string;
      passwordChangeRequired?: boolean;
      /** A portal session opened by a one-time link (no account, no password to change). */
      portalSession?: boolean;
    } & DefaultSession["user"];
    accessToken: string;
    error?: SessionError;
  }

  interface User {
    id: string;
    name: string;
    role: Role;
    merchantId?: string;
    passwordChangeRequired: boolean;
    portalSession?: boolean;
    tokens: SessionTokens;
  }
}

declare module "next-auth/jwt" {
  interface JWT extends SessionTokens {
    role: Role;
    merchantId?: string;
    passwordChangeRequired?: boolean;
    portalSession?: boolean;
    error?: SessionError;
  }
}
