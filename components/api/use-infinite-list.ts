"use client";

// One API list read page by page through its signed cursor (the API's keyset paging), as every
// infinite table of the console reads it; `onPage` sees each page as it arrives (to fill a by-id
// cache, say).
import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { Page } from "@/lib/paging/page-params";

export function useInfiniteList<T>(options: {
  queryKey: QueryKey;
  path: (cursor: string | undefined) => string;
  onPage?: (page: Page<T>) => void;
  /** false: not read at all (a list the caller's role may not read). */
  enabled?: boolean;
}) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  return useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: async ({ pageParam }) => {
      const page = await apiFetch<Page<T>>(options.path(pageParam));
      options.onPage?.(page);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.metadata.has_more ? (last.metadata.cursor ?? undefined) : undefined),
    enabled: status === "authenticated" && options.enabled !== false,
  });
}
