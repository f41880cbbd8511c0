"use client";

import { useSession } from "next-auth/react";
import { useCallback, useEffect, useRef } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { renewAccessToken } from "@/components/api/renew-access-token";

/**
 * `fetch` for the /v1 API with the session's bearer token, renewed on a 401. Whichever token
 * arrived last (the session's periodic refresh or a renewal after a 401) is the one sent.
 */
export function useApiFetch() {
  const { data: session } = useSession();
  const latestToken = useRef<string | undefined>(session?.accessToken);

  useEffect(() => {
    if (session?.accessToken) latestToken.current = session.accessToken;
  }, [session?.accessToken]);

  return useCallback(<T>(path: string, init?: RequestInit) => {
    const renew = async () => {
      const token = await renewAccessToken();
      if (token) latestToken.current = token;
      return token;
    };
    return apiFetch<T>(path, { accessToken: latestToken.current, renew, init });
  }, []);
}
