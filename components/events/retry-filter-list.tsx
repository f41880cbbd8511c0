"use client";

// What a bulk retry will apply, said in the confirmation: each filter of the events view in words
// (the filter bar's label where it has one), in the filter table's order. The job takes exactly
// these parameters (failedFilterParams), so the list cannot drift from what runs.
import { formatDateTime } from "@/components/events/format";
import { EVENT_FILTER_TABLE, type EventFilterSpec } from "@/lib/events/event-filter-table";

// The filters the bar offers without a labelled control of their own (status chips, the period, the search box).
const WORDS: Record<string, string> = {
  status: "Status",
  created_at: "Day (UTC)",
  "created_at[gte]": "From",
  "created_at[gt]": "After",
  "created_at[lte]": "Up to",
  "created_at[lt]": "Before",
  failure_reason: "Failure reason",
  terminal_serial_number: "Terminal serial number",
  merchant_tax_id: "Merchant tax id",
  q: "Search",
};

function labelOf(name: string): string {
  const spec: EventFilterSpec | undefined = EVENT_FILTER_TABLE.find((filter) => filter.name === name);
  return spec?.page?.control?.label ?? WORDS[name] ?? name;
}

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
            <dt className="text-(--fg-muted)">{labelOf(name)}</dt>
            <dd className="break-words text-(--fg)">{shownValue(name, filters[name] ?? "")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
