// The staff session as the dashboard's server components and pages read it.
import "server-only";
import type { AuthOptions, Session } from "next-auth";
import { getServerSession } from "next-auth";
import { buildOptions } from "@/lib/auth/next-auth-options";

let readOnly: AuthOptions | undefined;

/**
 * The session as server components see it. They cannot set cookies, so a renewal made here would
 * be lost and its spent refresh token presented again: here the session is only read, and the
 * browser's session requests (/api/auth/session) do the renewing.
 */
export function getStaffSession(): Promise<Session | null> {
  readOnly ??= buildOptions({ renew: false });
  return getServerSession(readOnly);
}
