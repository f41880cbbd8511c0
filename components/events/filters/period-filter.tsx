"use client";

// The period filter of the events bar: presets counted back from now, or a custom range in the
// viewer's time zone.
import { useEffect, useId, useState } from "react";
import { chip } from "@/components/events/filters/chip-style";
import { viewerTimeZone } from "@/components/events/format";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { type EventFilters, PERIOD_LABELS, PERIODS, type PeriodPreset } from "@/lib/events/list/event-filters";

export type PeriodChoice = PeriodPreset | "all" | "custom";

export function PeriodChips({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
  const name = useId();
  const choices: { value: PeriodChoice; label: string; title: string }[] = [
    { value: "all", label: "All", title: "All time" },
    ...(Object.keys(PERIODS) as PeriodPreset[]).map((p) => ({ value: p, label: p, title: PERIOD_LABELS[p] })),
    { value: "custom", label: "Custom", title: "A custom range" },
  ];
  return (
    <fieldset className="flex items-center">
      <legend className="sr-only">Period</legend>
      <div className="flex overflow-hidden rounded-md border border-(--line-strong) bg-(--surface) shadow-(--shadow-card)">
        {choices.map((choice, i) => (
          <label key={choice.value} title={choice.title} className={cx("relative", i > 0 && "border-l border-(--line-strong)")}>
            <input
              type="radio"
              name={name}
              className="peer sr-only"
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span
              className={cx(
                chip,
                "px-2.5",
                value === choice.value
                  ? "bg-(--accent-soft) text-(--accent-text)"
                  : "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
              )}
            >
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "2026-11-22T14:30" (a datetime-local value, the viewer's zone) for an ISO instant, and back. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export function CustomRange({ filters, onChange }: { filters: EventFilters; onChange: (next: EventFilters) => void }) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState(toLocalInput(filters.from));
  const [to, setTo] = useState(toLocalInput(filters.to));
  useEffect(() => setFrom(toLocalInput(filters.from)), [filters.from]);
  useEffect(() => setTo(toLocalInput(filters.to)), [filters.to]);
  const fromIso = fromLocalInput(from);
  const toIso = fromLocalInput(to);
  const invalid = Boolean(fromIso && toIso && Date.parse(fromIso) >= Date.parse(toIso));
  const unchanged = fromIso === filters.from && toIso === filters.to;

  return (
    <form
      className="flex flex-wrap items-end gap-3 border-t border-(--line) px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid && (fromIso || toIso)) onChange({ ...filters, period: undefined, from: fromIso, to: toIso });
      }}
    >
      <div>
        <label htmlFor={fromId} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          From
        </label>
        <input
          id={fromId}
          type="datetime-local"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className="h-9 rounded-md border border-(--line-strong) bg-(--surface) px-2.5 text-sm text-(--fg) shadow-(--shadow-card)"
        />
      </div>
      <div>
        <label htmlFor={toId} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          To (exclusive)
        </label>
        <input
          id={toId}
          type="datetime-local"
          value={to}
          aria-invalid={invalid || undefined}
          onChange={(event) => setTo(event.target.value)}
          className="h-9 rounded-md border border-(--line-strong) bg-(--surface) px-2.5 text-sm text-(--fg) shadow-(--shadow-card) aria-invalid:border-(--danger)"
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={invalid || unchanged || !(fromIso || toIso)}>
        Apply range
      </Button>
      <p className="pb-1.5 text-xs text-(--fg-subtle)">
        {invalid ? <span className="text-(--danger)">The range must end after it starts. </span> : null}
        Times in {viewerTimeZone()}.
      </p>
    </form>
  );
}
