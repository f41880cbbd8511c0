// One session request at a time from this tab: queries that meet an expired token together wait
// for the same renewal instead of each asking the server for one.
import { getSession } from "next-auth/react";
import { signOutTo } from "@/components/auth/sign-out-to";

let pending: Promise<string | undefined> | undefined;

async function fetchRenewed(): Promise<string | undefined> {
  const session = await getSession();
  if (!session || session.error) {
    // The refresh token was refused (expired, revoked, reused): the user has to sign in again.
    await signOutTo("/login?reason=session_expired");
    return undefined;
  }
  return session.accessToken;
}

export function renewAccessToken(): Promise<string | undefined> {
  pending ??= fetchRenewed().finally(() => {
    pending = undefined;
  });
  return pending;
}
