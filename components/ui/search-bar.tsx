"use client";

// The filter bar of a list searched by one box (merchants, users): the search, then what the
// page adds beside it, folded on a phone like every list's filters.
import type { ReactNode } from "react";
import { FilterFold } from "@/components/ui/filter-fold";
import { SearchBox } from "@/components/ui/search-box";
import type { useTypedFilter } from "@/components/ui/use-typed-filter";

export function SearchBar({
  label,
  placeholder,
  search,
  applied,
  children,
}: {
  label: string;
  placeholder: string;
  /** The box's text, committed to the URL once typing pauses. */
  search: ReturnType<typeof useTypedFilter>;
  /** A search is in the URL: the folded bar's button counts it. */
  applied: boolean;
  children?: ReactNode;
}) {
  return (
    <FilterFold active={applied ? 1 : 0}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchBox label={label} placeholder={placeholder} value={search.text} onChange={search.type} />
        {children}
      </div>
    </FilterFold>
  );
}
