"use client";

import { useSession } from "next-auth/react";
import { useEffect } from "react";
import { signOutTo } from "@/components/auth/sign-out-to";

/** Sends the user to /login when the session ends while a page is open (renewal refused, signed out elsewhere). */
export function SessionGuard() {
  const { data: session, status } = useSession();
  const ended = status === "unauthenticated" || session?.error === "RefreshAccessTokenError";

  useEffect(() => {
    if (ended) void signOutTo("/login?reason=session_expired");
  }, [ended]);

  return null;
}
