"use client";

// What a bulk retry will apply, said in the confirmation: each filter of the events view in words
// (the filter table's label), in the filter table's order. The job takes exactly these parameters
// (failedFilterParams), so the list cannot drift from what runs.
import { formatDateTime } from "@/components/events/format";
import { EVENT_FILTER_TABLE, eventFilterLabel } from "@/lib/events/list/event-filter-table";

const shownValue = (name: string, value: string) =>
  name.startsWith("created_at[") && value.includes("T") ? formatDateTime(value) : value.replaceAll("_", " ");

export function RetryFilterList({ filters }: { filters: Record<string, string> }) {
  const order = EVENT_FILTER_TABLE.map((filter) => filter.name as string);
  const names = Object.keys(filters).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return (
    <div data-testid="bulk-retry-filters">
      <p className="text-sm font-medium text-(--fg)">Filters it applies</p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        {names.map((name) => (
          <div key={name} className="contents">
            <dt className="text-(--fg-muted)">{eventFilterLabel(name)}</dt>
            <dd className="break-words text-(--fg)">{shownValue(name, filters[name] ?? "")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
