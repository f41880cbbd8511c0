"use client";

// The audit log page (admins): who created or changed which merchant, credential or user, newest
// first, filtered by target type, action, target id, actor and days (in the URL); pages load as
// the table scrolls, and a row opens its changes (before and after).
import { Fragment } from "react";
import { ACTION_LABELS, TARGET_TYPE_LABELS, UNRECORDED_CHANGES } from "@/components/audit/audit-action-labels";
import { type ChangeLine, changeLines } from "@/components/audit/audit-changes";
import { AuditFilterBar } from "@/components/audit/audit-filter-bar";
import { parseAuditFilters, useAuditLog } from "@/components/audit/audit-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { DetailsRow, Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { disclosureProps } from "@/components/ui/disclosure";
import { EmptyState } from "@/components/ui/empty-state";
import { activeCount, FilterFold } from "@/components/ui/filter-fold";
import { InfiniteListTable, type ListDeclaration } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { FilteredEmptyState } from "@/components/ui/no-matches";
import { useExpandedRows } from "@/components/ui/use-expanded-rows";
import { useTypedFilter } from "@/components/ui/use-typed-filter";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import type { AuditAction, AuditTargetType } from "@/lib/audit/audit-actions";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { noPageFilters, pageFiltersActive } from "@/lib/paging/list-filter-table";

const AUDIT_TABLE: ListDeclaration = {
  caption: "Audit log",
  testId: "audit-table",
  noun: ["entry", "entries"],
  columns: ["When", "Actor", "Action", "Target", "Changes"],
  // On a phone: the action, its target, who did it and when; the changes' summary keeps its Details button.
  card: { title: "Action", lines: ["Target"], badge: "Actor", time: "When", actions: "Changes" },
};

function ChangeSummary({ lines, create, unrecorded }: { lines: ChangeLine[]; create: boolean; unrecorded?: string }) {
  if (lines.length === 0) return <span className="text-(--fg-subtle)">{unrecorded ?? "No field changed"}</span>;
  const first = lines.slice(0, 2);
  return (
    <span className="text-(--fg-muted)">
      {first.map((line, index) => (
        <span key={line.path}>
          {index > 0 ? <span className="text-(--fg-subtle)"> · </span> : null}
          <span className="text-xs text-(--fg-subtle)">{line.path} </span>
          {create ? (
            <span className="text-(--fg)">{line.after}</span>
          ) : (
            <>
              <span className="font-mono text-xs text-(--fg-subtle) line-through">{line.before ?? "∅"}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <span className="font-mono text-xs text-(--fg)">{line.after ?? "∅"}</span>
            </>
          )}
        </span>
      ))}
      {lines.length > first.length ? <span className="text-(--fg-subtle)"> · {lines.length - first.length} more</span> : null}
    </span>
  );
}

function ChangeTable({ lines, create }: { lines: ChangeLine[]; create: boolean }) {
  return (
    <div className="overflow-hidden rounded-md border border-(--line) bg-(--surface)">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{create ? "Recorded values" : "Changed fields"}</caption>
        <thead className="bg-(--surface-muted)/70 text-xs text-(--fg-subtle)">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            {create ? null : (
              <th scope="col" className="px-3 py-2 font-medium">
                Before
              </th>
            )}
            <th scope="col" className="px-3 py-2 font-medium">
              {create ? "Value" : "After"}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-(--line)">
          {lines.map((line) => (
            <tr key={line.path}>
              <td className="px-3 py-1.5 font-mono text-xs text-(--fg-muted)">{line.path}</td>
              {create ? null : <td className="px-3 py-1.5 font-mono text-xs break-all text-(--danger)">{line.before ?? "—"}</td>}
              <td className={cx("px-3 py-1.5 font-mono text-xs break-all", create ? "text-(--fg)" : "text-(--success)")}>
                {line.after ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The empty log: nothing matches the filters, or nothing was recorded yet. */
function NoAuditEntries({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <FilteredEmptyState
      filtered={filtered}
      plural="entries"
      widen="Check the target ID (the 20-character id of a merchant, credential or user), or widen the other filters (action, target, actor, days)."
      onClear={onClear}
    >
      <EmptyState icon="audit" title="Nothing recorded yet">
        Every merchant registration, every credential creation or change and every change to a user is recorded here, with who did
        it and what changed.
      </EmptyState>
    </FilteredEmptyState>
  );
}

export function AuditLogView() {
  const [filters, setFilters] = useUrlFilters(parseAuditFilters);
  const target = useTypedFilter(filters.targetId ?? "", (next) => setFilters({ targetId: next.trim() || undefined }));
  const actor = useTypedFilter(filters.actor ?? "", (next) => setFilters({ actor: next.trim() || undefined }));
  const expanded = useExpandedRows();

  const query = useAuditLog(filters);
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = pageFiltersActive(filters);

  function showTarget(id: string) {
    target.set(id);
    setFilters({ targetId: id });
  }

  function clearFilters() {
    target.set("");
    actor.set("");
    setFilters(noPageFilters(AUDIT_FILTER_TABLE));
  }

  return (
    <>
      <FilterFold active={activeCount(filters)}>
        <AuditFilterBar
          filters={filters}
          setFilters={setFilters}
          target={target}
          actor={actor}
          filtered={filtered}
          onClear={clearFilters}
        />
      </FilterFold>

      <InfiniteListTable query={query} empty={<NoAuditEntries filtered={filtered} onClear={clearFilters} />} {...AUDIT_TABLE}>
        {entries.map((entry) => {
          const create = entry.before === null || entry.before === undefined;
          const lines = changeLines(entry.before, entry.after);
          const open = expanded.isOpen(entry.id);
          const detailsId = `audit-changes-${entry.id}`;
          const action = ACTION_LABELS[entry.action as AuditAction] as (typeof ACTION_LABELS)[AuditAction] | undefined;
          const targetType = TARGET_TYPE_LABELS[entry.targetType as AuditTargetType] ?? entry.targetType;
          return (
            <Fragment key={entry.id}>
              <Tr data-testid="audit-row">
                <Td className="whitespace-nowrap text-(--fg-muted)">
                  <DateTime iso={entry.createdAt} />
                </Td>
                <Td className="whitespace-nowrap font-medium">{entry.actorUsername}</Td>
                <Td className="whitespace-nowrap">
                  <Badge tone={action?.tone ?? "neutral"}>{action?.label ?? entry.action}</Badge>
                </Td>
                <Td className="whitespace-nowrap">
                  <span className="mr-1.5 text-(--fg-subtle)">{targetType}</span>
                  <button
                    type="button"
                    onClick={() => showTarget(entry.targetId)}
                    title="Show only this target's entries"
                    className="rounded font-mono text-xs text-(--accent-text) hover:underline"
                  >
                    <span className="sr-only">Show only the entries of {targetType.toLowerCase()} </span>
                    {entry.targetId}
                  </button>
                </Td>
                {/* Takes the room the other columns leave, and truncates: the table never scrolls sideways for it. */}
                <Td className="w-full max-w-0">
                  <div className="flex items-center justify-between gap-3">
                    <p className="min-w-0 truncate text-sm">
                      <ChangeSummary lines={lines} create={create} unrecorded={UNRECORDED_CHANGES[entry.action as AuditAction]} />
                    </p>
                    {lines.length > 0 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0"
                        {...disclosureProps(open, detailsId, () => expanded.toggle(entry.id))}
                      >
                        {open ? "Hide" : "Details"}
                        <span className="sr-only"> of the entry at {entry.createdAt}</span>
                      </Button>
                    ) : null}
                  </div>
                </Td>
              </Tr>
              {open ? (
                <DetailsRow id={detailsId} columns={AUDIT_TABLE.columns.length}>
                  <ChangeTable lines={lines} create={create} />
                  <p className="mt-2 text-xs text-(--fg-subtle)">
                    Entry <span className="font-mono">{entry.id}</span> · secrets are recorded as [redacted].
                  </p>
                </DetailsRow>
              ) : null}
            </Fragment>
          );
        })}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading the audit log…</LoadingStatus> : null}
    </>
  );
}
