"use client";

// User reads for the Users page: the query keys, the page's filters (its URL), the list's path
// and the list itself.
import { useInfiniteList } from "@/components/api/use-infinite-list";
import { type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";
import type { Page } from "@/lib/paging/page-params";
import type { UserDto } from "@/lib/users/user-dto";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";

export const userKeys = {
  all: ["users"] as const,
  list: (search: string | undefined) => ["users", "list", { search }] as const,
};

/** The page's filters (the username's beginning), as its URL holds them. */
export type UserFilters = PageFilters<typeof USER_FILTER_TABLE>;

export const parseUserFilters = (params: URLSearchParams): UserFilters => parsePageFilters(USER_FILTER_TABLE, params);

export function usersPath(options: { search?: string; cursor?: string; limit?: number }): string {
  const query = pageFiltersQuery(USER_FILTER_TABLE, { search: options.search }, { limit: options.limit, cursor: options.cursor });
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
