"use client";

// The audit log's filters: target type, action, target id and actor (typed; applied when typing
// pauses), and a period of days. Each change rewrites the URL, which the list reads.
import { ACTION_LABELS, TARGET_TYPE_LABELS } from "@/components/audit/audit-action-labels";
import type { AuditFilters } from "@/components/audit/audit-queries";
import { AuditWhoWhenFields } from "@/components/audit/audit-who-when-fields";
import { ClearFiltersButton } from "@/components/ui/clear-filters-button";
import { filterBarFields } from "@/components/ui/filter-bar-fields";
import { ChoiceFilter, FilterField } from "@/components/ui/filter-field";
import { Input } from "@/components/ui/input";
import type { useTypedFilter } from "@/components/ui/use-typed-filter";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { filterLabel } from "@/lib/paging/list-filter-table";

// The choices are the label tables' (typed by the actions table, so none is missing).
const TARGET_OPTIONS = Object.entries(TARGET_TYPE_LABELS);
const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([action, { label }]) => [action, label] as const);

export function AuditFilterBar({
  filters,
  setFilters,
  target,
  actor,
  filtered,
  onClear,
}: {
  filters: AuditFilters;
  setFilters: (changes: Partial<AuditFilters>) => void;
  target: ReturnType<typeof useTypedFilter>;
  actor: ReturnType<typeof useTypedFilter>;
  filtered: boolean;
  onClear: () => void;
}) {
  const fields = filterBarFields(AUDIT_FILTER_TABLE, filters, setFilters);
  return (
    <search aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-3">
      <ChoiceFilter {...fields.choice("targetType")} options={TARGET_OPTIONS} />
      <ChoiceFilter {...fields.choice("action")} options={ACTION_OPTIONS} />
      <FilterField label={filterLabel(AUDIT_FILTER_TABLE, "targetId")} className="w-full sm:w-60">
        {(id) => (
          <Input
            id={id}
            size={20}
            className="h-8! font-mono text-xs"
            placeholder="e.g. d4k2qv0n8g3s1c7pa9lg"
            spellCheck={false}
            autoComplete="off"
            value={target.text}
            maxLength={64}
            onChange={(e) => target.type(e.target.value)}
          />
        )}
      </FilterField>
      <AuditWhoWhenFields filters={filters} setFilters={setFilters} actor={actor} />
      <ClearFiltersButton shown={filtered} onClear={onClear} />
    </search>
  );
}
