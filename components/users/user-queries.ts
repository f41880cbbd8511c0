"use client";

// User reads for the Users page: the query keys, the list's path and the list itself.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import type { Page } from "@/lib/paging/page-params";
import type { UserDto } from "@/lib/users/user-dto";

export const userKeys = {
  all: ["users"] as const,
  list: (search: string | undefined) => ["users", "list", { search }] as const,
};

export function usersPath(options: { search?: string; cursor?: string; limit?: number }): string {
  const params = new URLSearchParams();
  if (options.search) params.set("search", options.search);
  if (options.limit) params.set("limit", String(options.limit));
  if (options.cursor) params.set("cursor", options.cursor);
  const query = params.toString();
  return query ? `/v1/users?${query}` : "/v1/users";
}

export type UserPage = Page<UserDto>;

/** What POST /v1/users and POST /v1/users/{id}/password answer: the password is in it once. */
export type UserWithPassword = { user: UserDto; password: string };

const PAGE_SIZE = 25;

/** The users whose names start with `search` (all without one), page by page. */
export function useUserList(search: string | undefined) {
  return useInfiniteList<UserDto>({
    queryKey: userKeys.list(search),
    path: (cursor) => usersPath({ search, cursor, limit: PAGE_SIZE }),
  });
}
