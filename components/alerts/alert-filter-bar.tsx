"use client";

// The Alerts page's filters: state and kind, the choices the filter table declares (their labels
// and values). Each change rewrites the URL, which the list reads.
import type { AlertFilters } from "@/components/alerts/alert-queries";
import { filterBarFields } from "@/components/ui/filter-bar-fields";
import { ChoiceFilter } from "@/components/ui/filter-field";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";

export function AlertFilterBar({
  filters,
  setFilters,
}: {
  filters: AlertFilters;
  setFilters: (changes: Partial<AlertFilters>) => void;
}) {
  const fields = filterBarFields(ALERT_FILTER_TABLE, filters, setFilters);
  return (
    <search aria-label="Filter the alerts" className="mb-4 flex flex-wrap items-end gap-3">
      <ChoiceFilter {...fields.choice("state")} />
      <ChoiceFilter {...fields.choice("kind")} />
    </search>
  );
}
