"use client";

// The audit log page: who did what to which object, newest first, filtered by target type,
// action and target id; a row opens its changes (before and after).
import { Fragment, useId } from "react";
import { type ChangeLine, changeLines } from "@/components/audit/audit-changes";
import { parseAuditFilters, useAuditLog } from "@/components/audit/audit-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { ControlIcon } from "@/components/ui/control-icons";
import { DetailsRow, Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { InfiniteListTable } from "@/components/ui/list-table";
// The audit log (admins): who created or changed which merchant, credential or user, and what
// changed. Filters in the URL, pages loaded as the table scrolls, changes on demand.
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { Select } from "@/components/ui/select";
import { useExpandedRows } from "@/components/ui/use-expanded-rows";
import { useTypedFilter } from "@/components/ui/use-typed-filter";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import type { AuditAction } from "@/lib/audit/audit-actions";

const AUDIT_COLUMNS = ["When", "Actor", "Action", "Target", "Changes"];

const ACTIONS: Record<AuditAction, { label: string; tone: "success" | "accent" | "neutral" }> = {
  "merchant.create": { label: "Merchant registered", tone: "success" },
  "merchant.update": { label: "Merchant changed", tone: "accent" },
  "credential.create": { label: "Credential created", tone: "success" },
  "credential.update": { label: "Credential changed", tone: "accent" },
  "user.create": { label: "User created", tone: "success" },
  "user.update": { label: "User changed", tone: "accent" },
  "user.password_reset": { label: "Password reset", tone: "accent" },
  "user.password_change": { label: "Password changed", tone: "accent" },
  "user.sign_in": { label: "Signed in", tone: "neutral" },
  "user.sign_in_failed": { label: "Sign-in refused", tone: "neutral" },
  "event.export": { label: "Events exported", tone: "neutral" },
  "event.retry": { label: "Event retried", tone: "accent" },
  "event.bulk_retry": { label: "Failed events retried", tone: "accent" },
  "webhook_endpoint.create": { label: "Endpoint created", tone: "success" },
  "webhook_endpoint.update": { label: "Endpoint changed", tone: "accent" },
  "webhook_endpoint.rotate_secret": { label: "Endpoint secret rotated", tone: "accent" },
  "webhook_endpoint.disable": { label: "Endpoint disabled", tone: "accent" },
};

function ChangeSummary({ lines, create }: { lines: ChangeLine[]; create: boolean }) {
  if (lines.length === 0) return <span className="text-(--fg-subtle)">No field changed</span>;
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

export function AuditLogView() {
  const ids = { type: useId(), action: useId(), target: useId() };
  const [filters, setFilters] = useUrlFilters(parseAuditFilters);
  const target = useTypedFilter(filters.targetId ?? "", (next) => setFilters({ targetId: next.trim() || undefined }));
  const expanded = useExpandedRows();

  const query = useAuditLog(filters);
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = Boolean(filters.targetType || filters.action || filters.targetId);

  function showTarget(id: string) {
    target.set(id);
    setFilters({ targetId: id });
  }

  function clearFilters() {
    target.set("");
    setFilters({ targetType: undefined, action: undefined, targetId: undefined });
  }

  return (
    <>
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
            <option value="merchant">Merchants</option>
            <option value="credential">Credentials</option>
            <option value="user">Users</option>
            <option value="event">Events (exports)</option>
            <option value="webhook_endpoint">Webhook endpoints</option>
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
            {Object.entries(ACTIONS).map(([action, { label }]) => (
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
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            <ControlIcon name="close" className="size-3.5" />
            Clear filters
          </Button>
        ) : null}
      </search>

      <InfiniteListTable
        query={query}
        noun={["entry", "entries"]}
        empty={
          filtered ? (
            <NoMatches narrowedBy="filters" title="No entries match these filters" onClear={clearFilters}>
              Check the target ID (the 20-character id of a merchant, credential or user), or widen the action and target filters.
            </NoMatches>
          ) : (
            <EmptyState icon={<Icon name="audit" className="size-5" />} title="Nothing recorded yet">
              Every merchant registration, every credential creation or change and every change to a user is recorded here, with
              who did it and what changed.
            </EmptyState>
          )
        }
        caption="Audit log"
        testId="audit-table"
        columns={AUDIT_COLUMNS}
      >
        {entries.map((entry) => {
          const create = entry.before === null || entry.before === undefined;
          const lines = changeLines(entry.before, entry.after);
          const open = expanded.isOpen(entry.id);
          const detailsId = `audit-changes-${entry.id}`;
          const action = ACTIONS[entry.action as AuditAction] as (typeof ACTIONS)[AuditAction] | undefined;
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
                  <span className="mr-1.5 text-(--fg-subtle) capitalize">{entry.targetType}</span>
                  <button
                    type="button"
                    onClick={() => showTarget(entry.targetId)}
                    title="Show only this target's entries"
                    className="rounded font-mono text-xs text-(--accent-text) hover:underline"
                  >
                    <span className="sr-only">Show only the entries of {entry.targetType} </span>
                    {entry.targetId}
                  </button>
                </Td>
                {/* Takes the room the other columns leave, and truncates: the table never scrolls sideways for it. */}
                <Td className="w-full max-w-0">
                  <div className="flex items-center justify-between gap-3">
                    <p className="min-w-0 truncate text-sm">
                      <ChangeSummary lines={lines} create={create} />
                    </p>
                    {lines.length > 0 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0"
                        aria-expanded={open}
                        aria-controls={detailsId}
                        onClick={() => expanded.toggle(entry.id)}
                      >
                        {open ? "Hide" : "Details"}
                        <span className="sr-only"> of the entry at {entry.createdAt}</span>
                      </Button>
                    ) : null}
                  </div>
                </Td>
              </Tr>
              {open ? (
                <DetailsRow id={detailsId} columns={AUDIT_COLUMNS.length}>
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
