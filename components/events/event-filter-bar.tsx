"use client";

// The events explorer's filter bar. Every control writes the filter to the URL at once (text
// fields after a pause in typing, or on Enter), so a view is always shareable as it stands.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { acquirerLabel, humanize, viewerTimeZone } from "@/components/events/format";
import { useHydrated } from "@/components/events/use-hydrated";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { Select } from "@/components/ui/select";
import {
  ACQUIRER_OPTIONS,
  activeFilterCount,
  EMPTY_FILTERS,
  type EventFilters,
  PAYMENT_METHOD_OPTIONS,
  PERIOD_LABELS,
  PERIODS,
  type PeriodPreset,
  STATUS_OPTIONS,
  TRANSACTION_STATUS_OPTIONS,
} from "@/lib/events/event-filters";

const TEXT_COMMIT_DELAY_MS = 450;
const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
const TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A text filter: typed freely, written to the URL after a pause (or on Enter) when valid. */
function FilterText({
  label,
  value,
  onCommit,
  placeholder,
  pattern,
  hint,
  icon,
  className,
  inputClassName,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  placeholder: string;
  pattern?: RegExp;
  hint?: string;
  icon?: ReactNode;
  className?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const committed = useRef(value ?? "");
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  // The URL changed from elsewhere (Clear filters, Back): show what it says.
  useEffect(() => {
    if ((value ?? "") !== committed.current) {
      committed.current = value ?? "";
      setDraft(value ?? "");
    }
  }, [value]);

  const trimmed = draft.trim();
  const invalid = trimmed !== "" && pattern !== undefined && !pattern.test(trimmed);

  function commit() {
    if (invalid || trimmed === committed.current) return;
    committed.current = trimmed;
    onCommitRef.current(trimmed || undefined);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: commit reads the latest draft; the timer restarts per keystroke
  useEffect(() => {
    const timer = setTimeout(commit, TEXT_COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className={cx("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {icon ? (
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-(--fg-subtle)">{icon}</span>
      ) : null}
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        title={hint}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        onBlur={commit}
        className={cx(
          "block h-9 w-full rounded-md border border-(--line-strong) bg-(--surface) pr-3 text-sm text-(--fg) shadow-(--shadow-card)",
          "placeholder:text-(--fg-subtle) focus-visible:border-(--accent) aria-invalid:border-(--danger)",
          icon ? "pl-9" : "pl-3",
          inputClassName,
        )}
      />
      {invalid && hint ? (
        <p id={`${id}-hint`} className="absolute top-full left-0 z-10 mt-1 text-xs text-(--danger)">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function FilterSelect<T extends string>({
  label,
  value,
  anyLabel,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: T | undefined;
  anyLabel: string;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        size="sm"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
        className={cx(value ? "[&_select]:border-(--accent) [&_select]:text-(--fg)" : "[&_select]:text-(--fg-muted)")}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}

const chip =
  "inline-flex h-8 cursor-pointer items-center gap-1.5 px-3 text-sm font-medium whitespace-nowrap transition-colors select-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--accent)";

const STATUS_DOT: Record<string, string> = {
  processed: "bg-(--success)",
  failed: "bg-(--danger)",
  pending: "bg-(--warning)",
};

function StatusChips({ value, onChange }: { value: EventFilters["status"]; onChange: (value: EventFilters["status"]) => void }) {
  return (
    <fieldset className="flex items-center">
      <legend className="sr-only">Status</legend>
      <div className="flex overflow-hidden rounded-md border border-(--line-strong) bg-(--surface) shadow-(--shadow-card)">
        {STATUS_OPTIONS.map((status, i) => {
          const checked = value.includes(status);
          return (
            <label key={status} className={cx("relative", i > 0 && "border-l border-(--line-strong)")}>
              <input
                type="checkbox"
                className="peer sr-only"
                checked={checked}
                onChange={() => onChange(checked ? value.filter((s) => s !== status) : [...value, status])}
              />
              <span
                className={cx(
                  chip,
                  checked
                    ? "bg-(--accent-soft) text-(--accent-text)"
                    : "text-(--fg-muted) hover:bg-(--surface-muted) hover:text-(--fg)",
                )}
              >
                <span aria-hidden="true" className={cx("size-2 rounded-full", STATUS_DOT[status])} />
                {humanize(status)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

type PeriodChoice = PeriodPreset | "all" | "custom";

function PeriodChips({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
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
function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function CustomRange({ filters, onChange }: { filters: EventFilters; onChange: (next: EventFilters) => void }) {
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

type TextFilterKey = "merchantId" | "terminalId" | "acquirerMerchantId" | "acquirerTerminalId" | "merchantName" | "type";

/** The free-text filters, in the bar's order: our ids, the acquirer's, the merchant's name, the type. */
const TEXT_FILTERS: { key: TextFilterKey; label: string; placeholder: string; pattern: RegExp; hint: string; mono: boolean }[] = [
  {
    key: "merchantId",
    label: "Merchant id",
    placeholder: "Merchant id",
    pattern: IDENTIFIER,
    hint: "Letters, digits, _ or -",
    mono: true,
  },
  {
    key: "terminalId",
    label: "Terminal id",
    placeholder: "Terminal id",
    pattern: IDENTIFIER,
    hint: "Letters, digits, _ or -",
    mono: true,
  },
  {
    key: "acquirerMerchantId",
    label: "MID",
    placeholder: "Acquirer MID",
    pattern: IDENTIFIER,
    hint: "The acquirer's merchant id, as on a receipt",
    mono: true,
  },
  {
    key: "acquirerTerminalId",
    label: "TID",
    placeholder: "Acquirer TID",
    pattern: IDENTIFIER,
    hint: "The acquirer's terminal id, as on a receipt",
    mono: true,
  },
  {
    key: "merchantName",
    label: "Merchant name",
    placeholder: "Merchant name",
    pattern: /^.{2,100}$/,
    hint: "A part of the name, 2 characters or more",
    mono: false,
  },
  {
    key: "type",
    label: "Event type",
    placeholder: "Event type",
    pattern: TYPE,
    hint: "Letters, digits and . _ : -",
    mono: true,
  },
];

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
        <FilterSelect
          label="Acquirer"
          anyLabel="All acquirers"
          value={filters.acquirer}
          options={ACQUIRER_OPTIONS}
          optionLabel={acquirerLabel}
          onChange={(v) => set("acquirer", v)}
        />
        <FilterSelect
          label="Payment method"
          anyLabel="All methods"
          value={filters.paymentMethod}
          options={PAYMENT_METHOD_OPTIONS}
          optionLabel={humanize}
          onChange={(v) => set("paymentMethod", v)}
        />
        <FilterSelect
          label="Transaction status"
          anyLabel="All transactions"
          value={filters.transactionStatus}
          options={TRANSACTION_STATUS_OPTIONS}
          optionLabel={humanize}
          onChange={(v) => set("transactionStatus", v)}
        />
        {TEXT_FILTERS.map((f) => (
          <FilterText
            key={f.key}
            label={f.label}
            placeholder={f.placeholder}
            value={filters[f.key]}
            onCommit={(v) => set(f.key, v)}
            pattern={f.pattern}
            hint={f.hint}
            inputClassName={
              f.mono ? "h-8 font-mono text-xs placeholder:font-sans placeholder:text-sm" : "h-8 text-xs placeholder:text-sm"
            }
          />
        ))}
      </div>
      {period === "custom" && hydrated ? <CustomRange filters={filters} onChange={onChange} /> : null}
      {active > 0 ? (
        <div className="flex items-center justify-between gap-3 border-t border-(--line) px-4 py-2">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-(--fg-subtle)">
              {active} {active === 1 ? "filter" : "filters"} applied
            </p>
            {filters.failureReason ? (
              // Set by the overview's failure-reason links; there is no control for it above.
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove the failure reason filter (${filters.failureReason})`}
                onClick={() => set("failureReason", undefined)}
              >
                Failure reason: <span className="font-mono text-xs">{filters.failureReason}</span>
                <ControlIcon name="close" className="size-3.5" />
              </Button>
            ) : null}
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setCustomOpen(false);
              onChange({ ...EMPTY_FILTERS, sort: filters.sort });
            }}
          >
            <ControlIcon name="close" className="size-3.5" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
