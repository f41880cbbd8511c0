"use client";

// The events explorer's filters, read from the URL with the shared parser and written back to
// it. history.replaceState (which Next's router follows for useSearchParams) changes the URL
// without a server round trip and without adding a history entry per keystroke. The router
// applies it a moment later, so the new filter is shown at once (optimistically) until it does.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { type EventFilters, eventFiltersSearch, parseEventFilters } from "@/lib/events/event-filters";

export function useEventFilters(): [EventFilters, (next: EventFilters) => void, string] {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const query = searchParams.toString();
  const fromUrl = useMemo(() => parseEventFilters(new URLSearchParams(query)), [query]);
  const urlSearch = eventFiltersSearch(fromUrl);
  const [optimistic, setOptimistic] = useState<{ filters: EventFilters; search: string } | undefined>(undefined);

  // Whatever the URL says now (ours applied, or Back, or a link) is the truth again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's filter changes
  useEffect(() => setOptimistic(undefined), [urlSearch]);

  const setFilters = useCallback(
    (next: EventFilters) => {
      const search = eventFiltersSearch(next);
      setOptimistic({ filters: next, search });
      const target = `${pathname}${search}`;
      if (target !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, "", target);
    },
    [pathname],
  );

  return optimistic ? [optimistic.filters, setFilters, optimistic.search] : [fromUrl, setFilters, urlSearch];
}
