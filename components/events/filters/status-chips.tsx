"use client";

// The status filter of the events bar: one toggle chip per status; none chosen means all.
import { chip } from "@/components/events/filters/chip-style";
import { humanize } from "@/components/events/format";
import { cx } from "@/components/ui/class-names";
import { type EventFilters, STATUS_OPTIONS } from "@/lib/events/list/event-filters";

const STATUS_DOT: Record<string, string> = {
  processed: "bg-(--success)",
  failed: "bg-(--danger)",
  pending: "bg-(--warning)",
};

export function StatusChips({
  value,
  onChange,
}: {
  value: EventFilters["status"];
  onChange: (value: EventFilters["status"]) => void;
}) {
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
