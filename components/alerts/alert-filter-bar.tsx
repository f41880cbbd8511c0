"use client";

// The Alerts page's filters: state and kind. Each change rewrites the URL, which the list reads.
import { useId } from "react";
import type { AlertFilters } from "@/components/alerts/alert-queries";
import { Select } from "@/components/ui/select";
import { ALERT_KIND_LABELS, ALERT_KINDS, ALERT_STATES } from "@/lib/alerts/alert-kinds";

const STATE_LABELS = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" } as const;

export function AlertFilterBar({
  filters,
  setFilters,
}: {
  filters: AlertFilters;
  setFilters: (changes: Partial<AlertFilters>) => void;
}) {
  const ids = { state: useId(), kind: useId() };
  return (
    <search aria-label="Filter the alerts" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor={ids.state} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          State
        </label>
        <Select
          id={ids.state}
          size="sm"
          value={filters.state ?? ""}
          onChange={(e) => setFilters({ state: e.target.value || undefined })}
        >
          <option value="">Every state</option>
          {ALERT_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-48">
        <label htmlFor={ids.kind} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          Kind
        </label>
        <Select
          id={ids.kind}
          size="sm"
          value={filters.kind ?? ""}
          onChange={(e) => setFilters({ kind: e.target.value || undefined })}
        >
          <option value="">Every kind</option>
          {ALERT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ALERT_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}
