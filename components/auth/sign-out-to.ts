// Signing out, then a page of this console on the host the browser is on. next-auth would send
// the browser to NEXTAUTH_URL's host instead: with the default (localhost) and the console opened
// at 127.0.0.1, that is another cookie jar and another address than the one the user typed.
import { signOut } from "next-auth/react";

export async function signOutTo(path: `/${string}`): Promise<void> {
  await signOut({ redirect: false });
  window.location.assign(path);
}
