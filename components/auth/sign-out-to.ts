// Signing out, then a page of this console on the host the browser is on. next-auth would send
// the browser to NEXTAUTH_URL's host instead: with the default (localhost) and the console opened
// at 127.0.0.1, that is another cookie jar and another address than the one the user typed.
import { signOut } from "next-auth/react";

// The first sign-out of the page wins: the session's end that it causes must not start another
// (SessionGuard sees an unauthenticated session and would send the user to "session expired").
let leaving = false;

export async function signOutTo(path: `/${string}`): Promise<void> {
  if (leaving) return;
  leaving = true;
  try {
    await signOut({ redirect: false });
  } catch (error) {
    leaving = false; // the session was not ended: another try may
    throw error;
  }
  window.location.assign(path);
}
