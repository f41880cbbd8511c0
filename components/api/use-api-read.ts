"use client";

// One GET of the /v1 API as a query, sent once the session is signed in: before that there is no
// token and the read would only be a 401. `enabled` adds the caller's own condition (an id chosen).
import { useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";

export function useApiRead<T>(queryKey: readonly unknown[], path: string, enabled = true) {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  return useQuery<T>({
    queryKey,
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
    enabled: status === "authenticated" && enabled,
  });
}
