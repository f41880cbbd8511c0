"use client";

// The one URL state of the dashboard's lists: their filters live in the URL (shareable, kept on
// reload and on Back), read with the list's parser and written back in its canonical form.
// history.replaceState (which Next's router follows for useSearchParams) changes the URL without
// a server round trip and without a history entry per keystroke. The router applies it a moment
// later, so the new filters are shown at once (optimistically) until it does.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** The filters as "?name=value..." in their own key order, or "" when none is set. */
function plainSearch(filters: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (typeof value === "string" && value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The list's filters, a setter that merges changes into the latest ones (a change named
 * `undefined` clears that filter), and their canonical query string ("?..." or "").
 */
export function useUrlFilters<F extends object>(
  parse: (params: URLSearchParams) => F,
  search: (filters: F) => string = plainSearch,
): [F, (changes: Partial<F>) => void, string] {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const query = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the params
  const fromUrl = useMemo(() => parse(new URLSearchParams(query)), [query]);
  const urlSearch = search(fromUrl);
  const [optimistic, setOptimistic] = useState<{ filters: F; search: string } | undefined>(undefined);

  // Whatever the URL says now (ours applied, or Back, or a link) is the truth again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's filters change
  useEffect(() => setOptimistic(undefined), [urlSearch]);

  const current = optimistic ?? { filters: fromUrl, search: urlSearch };
  // A change merges into the latest filters, also from a callback made renders ago (a typed filter's pause).
  const latest = useRef(current.filters);
  latest.current = current.filters;

  // biome-ignore lint/correctness/useExhaustiveDependencies: search is the list's own module function
  const setFilters = useCallback(
    (changes: Partial<F>) => {
      const filters = { ...latest.current, ...changes };
      const nextSearch = search(filters);
      latest.current = filters;
      setOptimistic({ filters, search: nextSearch });
      const target = `${pathname}${nextSearch}`;
      if (target !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, "", target);
    },
    [pathname],
  );

  return [current.filters, setFilters, current.search];
}
