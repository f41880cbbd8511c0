"use client";

// A list's filters live in the URL (shareable, kept on reload and on Back): read them with a
// parser, change them with router.replace so that typing in a filter does not stack history.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

export function useUrlFilters<F extends Record<string, string | undefined>>(parse: (params: URLSearchParams) => F) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the params
  const filters = useMemo(() => parse(new URLSearchParams(query)), [query]);

  const setFilters = useCallback(
    (changes: Partial<F>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === "") next.delete(key);
        else next.set(key, value);
      }
      const text = next.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
    [router, pathname],
  );

  return [filters, setFilters] as const;
}
