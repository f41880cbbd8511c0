"use client";

// The Alerts page's filters: state and kind. Each change rewrites the URL, which the list reads.
import { useId } from "react";
import type { AlertFilters } from "@/components/alerts/alert-queries";
import { Select } from "@/components/ui/select";
import { ALERT_KIND_LABELS, ALERT_KINDS, ALERT_STATES } from "@/lib/alerts/alert-kinds";

const STATE_CHOICE = {
  label: "State",
  anyLabel: "Every state",
  options: ALERT_STATES,
  labels: { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" },
};
const KIND_CHOICE = { label: "Kind", anyLabel: "Every kind", options: ALERT_KINDS, labels: ALERT_KIND_LABELS };

/** One labelled choice of the bar: "" is every value. */
function FilterChoice<T extends string>(props: {
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-48">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-(--fg-muted)">
        {props.label}
      </label>
      <Select id={id} size="sm" value={props.value ?? ""} onChange={(e) => props.onChange(e.target.value || undefined)}>
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels[option]}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function AlertFilterBar({
  filters,
  setFilters,
}: {
  filters: AlertFilters;
  setFilters: (changes: Partial<AlertFilters>) => void;
}) {
  return (
    <search aria-label="Filter the alerts" className="mb-4 flex flex-wrap items-end gap-3">
      <FilterChoice {...STATE_CHOICE} value={filters.state} onChange={(state) => setFilters({ state })} />
      <FilterChoice {...KIND_CHOICE} value={filters.kind} onChange={(kind) => setFilters({ kind })} />
    </search>
  );
}
