"use client";

// The events list for a filter: a TanStack Query infinite query on the API's cursor, 100 events
// a page. A view is anchored at the moment it was opened: a preset period ("last 24 hours")
// becomes a fixed instant then, so every cursor of the view stays valid. The server renders the
// first page with the page (no request waterfall before the first rows); the browser fetches
// the rest. Anchor and scroll position are remembered per filter for this tab's session in
// memory (where the query cache lives too), so returning to the list finds the same pages and
// the same place in them.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useCallback, useMemo, useState } from "react";
import { useApiFetch } from "@/components/api/use-api-fetch";
import type { EventDto, EventPage } from "@/components/events/event-types";
import { type EventFilters, eventFiltersToApiQuery } from "@/lib/events/list/event-filters";

export const EVENTS_PAGE_SIZE = 100;
/** How often the list asks whether newer events arrived (newest-first views only). */
const NEWER_POLL_MS = 15_000;
/** A view older than this opens afresh rather than from its anchor (React Query's gcTime is 5 min). */
const VIEW_MAX_AGE_MS = 4 * 60_000;

/** The first page as the server rendered it, for the filter `search` anchored at `anchor`. */
export type InitialEvents = { search: string; anchor: number; page: EventPage };

type View = { anchor: number; offset: number; seenAt: number };
const views = new Map<string, View>();

function rememberedView(search: string): View | undefined {
  const view = views.get(search);
  return view && Date.now() - view.seenAt < VIEW_MAX_AGE_MS ? view : undefined;
}

/** Remembers where the table was scrolled to for this filter (memory only: called per frame). */
export function saveScrollOffset(search: string, offset: number): void {
  const view = views.get(search);
  if (view) {
    view.offset = offset;
    view.seenAt = Date.now();
  }
}

export function savedScrollOffset(search: string): number {
  return rememberedView(search)?.offset ?? 0;
}

export const eventListKey = (apiQuery: string, anchor: number) => ["events", "list", apiQuery, anchor] as const;

export function useEventList(filters: EventFilters, search: string, initial: InitialEvents | undefined) {
  const apiFetch = useApiFetch();
  const queryClient = useQueryClient();
  const { status } = useSession();

  const anchorFor = (s: string) => rememberedView(s)?.anchor ?? (initial && initial.search === s ? initial.anchor : Date.now());
  const [view, setView] = useState(() => ({ search, anchor: anchorFor(search) }));
  // A new filter is a new view (the remembered one if it was open recently).
  let anchor = view.anchor;
  if (view.search !== search) {
    anchor = anchorFor(search);
    setView({ search, anchor });
  }
  if (typeof window !== "undefined" && views.get(search)?.anchor !== anchor)
    views.set(search, { anchor, offset: 0, seenAt: Date.now() });

  const apiQuery = useMemo(() => eventFiltersToApiQuery(filters, anchor).toString(), [filters, anchor]);
  const queryKey = eventListKey(apiQuery, anchor);
  const seeded = initial && initial.search === search && initial.anchor === anchor ? initial.page : undefined;

  const list = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<EventPage>(
        `/v1/webhooks/events?${apiQuery}&limit=${EVENTS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        { signal },
      ),
    getNextPageParam: (last) => last.metadata.cursor ?? undefined,
    initialData: seeded ? { pages: [seeded], pageParams: [undefined] } : undefined,
    enabled: status === "authenticated",
    // The pages of a view do not go stale: the "new events" indicator says when to reload.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // Pages are only ever appended: comparing thousands of events deep on each one is wasted work.
    structuralSharing: false,
  });

  const rows = useMemo<EventDto[]>(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const newest = filters.sort === "desc" ? rows[0]?.createdAt : undefined;

  // Newer events than the first row, with the same filters (nothing to look for beyond a range's end).
  const newerQuery = useMemo(() => {
    if (!newest || (filters.to && Date.parse(filters.to) <= Date.parse(newest))) return undefined;
    const params = eventFiltersToApiQuery(filters, anchor);
    params.set("created_at[gt]", newest);
    params.set("limit", String(EVENTS_PAGE_SIZE));
    return params.toString();
  }, [filters, anchor, newest]);
  const newer = useQuery({
    queryKey: ["events", "newer", newerQuery],
    queryFn: async ({ signal }) => {
      const page = await apiFetch<EventPage>(`/v1/webhooks/events?${newerQuery}`, { signal });
      return { count: page.data.length, more: page.metadata.has_more };
    },
    enabled: status === "authenticated" && newerQuery !== undefined,
    refetchInterval: NEWER_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

  /** Starts the view again from now: the newest events on top, the scroll position at the top. */
  const reload = useCallback(() => {
    const now = Date.now();
    views.set(search, { anchor: now, offset: 0, seenAt: now });
    queryClient.removeQueries({ queryKey: eventListKey(apiQuery, anchor), exact: true });
    setView({ search, anchor: now });
  }, [apiQuery, anchor, queryClient, search]);

  return { list, rows, apiQuery, anchor, newer: newer.data, reload };
}
