"use client";

// The events explorer's filter bar. Every control writes the filter to the URL at once (text
// fields after a pause in typing, or on Enter), so a view is always shareable as it stands.
import { useSession } from "next-auth/react";
import { useEffect, useState } from "react";
import { FilterSelect } from "@/components/events/filters/filter-select";
import { FilterText } from "@/components/events/filters/filter-text";
import { CustomRange, PeriodChips, type PeriodChoice } from "@/components/events/filters/period-filter";
import { StatusChips } from "@/components/events/filters/status-chips";
import { acquirerLabel, humanize } from "@/components/events/format";
import { useHydrated } from "@/components/events/use-hydrated";
import { ClearFiltersButton } from "@/components/ui/clear-filters-button";
import { ControlIcon } from "@/components/ui/control-icons";
import { type ControlField, EVENT_FILTER_TABLE, type FilterControl } from "@/lib/events/list/event-filter-table";
import { activeFilterCount, EMPTY_FILTERS, type EventFilters } from "@/lib/events/list/event-filters";

/** The filter table's controls, in the bar's order: the choices, then the text fields. */
const CONTROLS = EVENT_FILTER_TABLE.flatMap((filter) =>
  "page" in filter && "control" in filter.page
    ? [{ field: filter.page.field as ControlField, label: filter.label, control: filter.page.control as FilterControl }]
    : [],
).sort((a, b) => a.control.position - b.control.position);

// A merchant account (or portal session) sees only its own merchant's events: filtering them by
// merchant would only ever find all of them or none, so those fields are not offered to it.
const MERCHANT_FIELDS: ReadonlySet<ControlField> = new Set<ControlField>(["merchantId", "merchantName"]);

// Several values in one (failure reasons from a link: a,b) read "A or B".
const OPTION_LABELS = {
  acquirer: acquirerLabel,
  humanized: (value: string) => value.split(",").map(humanize).join(" or "),
};

/** A choice's options, with the current value among them when a link set one the list lacks (several reasons). */
const withValue = (options: readonly string[], value: string | undefined) =>
  value && !options.includes(value) ? [...options, value] : options;

export function EventFilterBar({ filters, onChange }: { filters: EventFilters; onChange: (next: EventFilters) => void }) {
  // The custom range is shown in the viewer's zone, which the server does not know.
  const hydrated = useHydrated();
  const [customOpen, setCustomOpen] = useState(Boolean(filters.from || filters.to));
  const customSet = Boolean(filters.from || filters.to);
  useEffect(() => {
    if (customSet) setCustomOpen(true);
  }, [customSet]);
  const period: PeriodChoice = customSet || customOpen ? "custom" : (filters.period ?? "all");
  const set = <K extends keyof EventFilters>(key: K, value: EventFilters[K]) => onChange({ ...filters, [key]: value });
  const active = activeFilterCount(filters);
  const { data: session } = useSession();
  const ownMerchantOnly = session?.user.role === "merchant";
  const controls = ownMerchantOnly ? CONTROLS.filter(({ field }) => !MERCHANT_FIELDS.has(field)) : CONTROLS;

  return (
    <section aria-label="Filters" className="rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)">
      <div className="flex flex-wrap items-center gap-3 px-4 pt-4">
        <FilterText
          label="Search by event id, authorization code, RRN/NSU, card last 4, MID, TID or serial number"
          placeholder="Id, auth code, RRN/NSU, last 4, MID, TID, serial"
          value={filters.q}
          onCommit={(q) => set("q", q)}
          icon={<ControlIcon name="search" className="size-4" />}
          className="min-w-64 flex-1"
        />
        <StatusChips value={filters.status} onChange={(status) => set("status", [...status].sort())} />
        <PeriodChips
          value={period}
          onChange={(choice) => {
            if (choice === "custom") {
              setCustomOpen(true);
              return;
            }
            setCustomOpen(false);
            onChange({ ...filters, period: choice === "all" ? undefined : choice, from: undefined, to: undefined });
          }}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 px-4 pt-3 pb-4 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1.12fr))_repeat(3,minmax(0,1fr))]">
        {controls.map(({ field, label, control }) =>
          control.kind === "select" ? (
            <FilterSelect<string>
              key={field}
              label={label}
              anyLabel={control.anyLabel}
              value={filters[field]}
              options={withValue(control.options, filters[field])}
              optionLabel={OPTION_LABELS[control.optionLabel]}
              onChange={(v) => set(field, v as EventFilters[typeof field])}
            />
          ) : (
            <FilterText
              key={field}
              label={label}
              placeholder={control.placeholder}
              value={filters[field]}
              onCommit={(v) => set(field, v as EventFilters[typeof field])}
              pattern={control.pattern}
              hint={control.hint}
              inputClassName={
                control.mono
                  ? "h-8 font-mono text-xs placeholder:font-sans placeholder:text-sm"
                  : "h-8 text-xs placeholder:text-sm"
              }
            />
          ),
        )}
      </div>
      {period === "custom" && hydrated ? <CustomRange filters={filters} onChange={onChange} /> : null}
      {active > 0 ? (
        <div className="flex items-center justify-between gap-3 border-t border-(--line) px-4 py-2">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-(--fg-subtle)">
              {active} {active === 1 ? "filter" : "filters"} applied
            </p>
          </div>
          <ClearFiltersButton
            shown
            onClear={() => {
              setCustomOpen(false);
              onChange({ ...EMPTY_FILTERS, sort: filters.sort });
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
