"use client";

// The audit log's "who" and "when" filters: the actor (a username, applied when typing pauses) and
// a period of whole UTC days. "To" includes its day: the URL and the API hold the day after it as
// created_at[lt] (a half-open period, as every list takes it).
import { type ReactNode, useId } from "react";
import type { AuditFilters } from "@/components/audit/audit-queries";
import { Input, TYPED_AS_IS } from "@/components/ui/input";
import type { useTypedFilter } from "@/components/ui/use-typed-filter";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { filterLabel } from "@/lib/paging/list-filter-table";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A labelled control of the bar, `width` its share of a phone's row and its width beyond. */
function Field({ id, label, width, children }: { id: string; label: string; width: string; children: ReactNode }) {
  return (
    <div className={width}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-(--fg-muted)">
        {label}
      </label>
      {children}
    </div>
  );
}

const HALF = "w-[calc(50%-0.375rem)] sm:w-36";
const dayOf = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);

type DayInputProps = { id: string; value?: string; min?: string; max?: string; onDay: (day: string | undefined) => void };

function DayInput({ id, value, min, max, onDay }: DayInputProps) {
  return (
    <Input
      id={id}
      type="date"
      className="h-8! text-sm"
      value={value ?? ""}
      min={min}
      max={max}
      onChange={(e) => onDay(e.target.value || undefined)}
    />
  );
}

type WhoWhenProps = {
  filters: AuditFilters;
  setFilters: (changes: Partial<AuditFilters>) => void;
  actor: ReturnType<typeof useTypedFilter>;
};

export function AuditWhoWhenFields({ filters, setFilters, actor }: WhoWhenProps) {
  const ids = { actor: useId(), from: useId(), to: useId() };
  const from = dayOf(filters["created_at[gte]"]);
  const before = dayOf(filters["created_at[lt]"]);
  const to = before ? shiftDay(before, -1) : undefined;
  return (
    <>
      <Field id={ids.actor} label={filterLabel(AUDIT_FILTER_TABLE, "actor")} width="w-full sm:w-40">
        <Input
          id={ids.actor}
          className="h-8! text-sm"
          placeholder="Username"
          {...TYPED_AS_IS}
          value={actor.text}
          maxLength={64}
          onChange={(e) => actor.type(e.target.value)}
        />
      </Field>
      <Field id={ids.from} label={`${filterLabel(AUDIT_FILTER_TABLE, "created_at[gte]")} (UTC day)`} width={HALF}>
        <DayInput id={ids.from} value={from} max={to} onDay={(day) => setFilters({ "created_at[gte]": day })} />
      </Field>
      <Field id={ids.to} label="To (UTC day)" width={HALF}>
        <DayInput id={ids.to} value={to} min={from} onDay={(day) => setFilters({ "created_at[lt]": day && shiftDay(day, 1) })} />
      </Field>
    </>
  );
}
