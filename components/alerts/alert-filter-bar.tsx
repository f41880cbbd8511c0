"use client";

// The Alerts page's filters: state and kind, the choices the filter table declares (their labels
// and values). Each change rewrites the URL, which the list reads.
import type { AlertFilters } from "@/components/alerts/alert-queries";
import { ChoiceFilter } from "@/components/ui/filter-field";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { filterControl } from "@/lib/paging/list-filter-table";

export function AlertFilterBar({
  filters,
  setFilters,
}: {
  filters: AlertFilters;
  setFilters: (changes: Partial<AlertFilters>) => void;
}) {
  return (
    <search aria-label="Filter the alerts" className="mb-4 flex flex-wrap items-end gap-3">
      <ChoiceFilter
        control={filterControl(ALERT_FILTER_TABLE, "state")}
        value={filters.state}
        onChange={(state) => setFilters({ state })}
      />
      <ChoiceFilter
        control={filterControl(ALERT_FILTER_TABLE, "kind")}
        value={filters.kind}
        onChange={(kind) => setFilters({ kind })}
      />
    </search>
  );
}
