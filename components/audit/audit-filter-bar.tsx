"use client";

// The audit log's filters: target type, action, target id and actor (typed; applied when typing
// pauses), and a period of days. Each change rewrites the URL, which the list reads.
import { useId } from "react";
import { ACTION_LABELS, TARGET_TYPE_LABELS } from "@/components/audit/audit-action-labels";
import type { AuditFilters } from "@/components/audit/audit-queries";
import { AuditWhoWhenFields } from "@/components/audit/audit-who-when-fields";
import { Button } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { useTypedFilter } from "@/components/ui/use-typed-filter";

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
  const ids = { type: useId(), action: useId(), target: useId() };
  return (
    <search aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor={ids.type} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          Target
        </label>
        <Select
          id={ids.type}
          size="sm"
          value={filters.targetType ?? ""}
          onChange={(e) => setFilters({ targetType: e.target.value || undefined })}
        >
          <option value="">All targets</option>
          {Object.entries(TARGET_TYPE_LABELS).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-48">
        <label htmlFor={ids.action} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          Action
        </label>
        <Select
          id={ids.action}
          size="sm"
          value={filters.action ?? ""}
          onChange={(e) => setFilters({ action: e.target.value || undefined })}
        >
          <option value="">All actions</option>
          {Object.entries(ACTION_LABELS).map(([action, { label }]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-60">
        <label htmlFor={ids.target} className="mb-1 block text-xs font-medium text-(--fg-muted)">
          Target ID
        </label>
        <Input
          id={ids.target}
          size={20}
          className="h-8! font-mono text-xs"
          placeholder="e.g. d4k2qv0n8g3s1c7pa9lg"
          spellCheck={false}
          autoComplete="off"
          value={target.text}
          maxLength={64}
          onChange={(e) => target.type(e.target.value)}
        />
      </div>
      <AuditWhoWhenFields filters={filters} setFilters={setFilters} actor={actor} />
      {filtered ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <ControlIcon name="close" className="size-3.5" />
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
