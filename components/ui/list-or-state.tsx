"use client";

// A list's place on a page until it has rows: its failed load (with a retry), or, loaded with
// none, its empty state. Otherwise the list itself shows (with its skeleton rows while it loads).
import type { ReactNode } from "react";
import { QueryLoadError } from "@/components/ui/load-error";

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  data?: { data: unknown[] };
};

export function ListOrState({
  query,
  what,
  empty,
  children,
}: {
  query: ListQuery;
  /** The list's name in "The <what> could not be loaded." */
  what: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isError) return <QueryLoadError query={query} what={what} />;
  if (!query.isPending && !query.data?.data.length) return empty;
  return children;
}
