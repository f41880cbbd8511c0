"use client";

// The statements imported (staff), newest first: acquirer, period, status and summary; choosing
// one filters the exceptions to it.
import type { useImports } from "@/components/reconciliation/reconciliation-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { ACTIONS_COLUMN, InfiniteListTable, type ListDeclaration } from "@/components/ui/list-table";
import type { ImportDto } from "@/lib/reconciliation/import-dto";

const IMPORTS_TABLE: ListDeclaration = {
  caption: "Statement imports",
  testId: "imports-table",
  noun: ["import", "imports"],
  columns: [
    "Imported",
    "Acquirer",
    "Period",
    "Sales",
    "Matched",
    "Missing",
    "Without sale",
    "Mismatches",
    "Status",
    ACTIONS_COLUMN,
  ],
  // On a phone: the acquirer, the statement's period, its status and when it was imported; then "Show exceptions".
  card: { title: "Acquirer", lines: ["Period"], badge: "Status", time: "Imported" },
};

const period = (row: ImportDto) =>
  row.periodStart === row.periodEnd ? (row.periodStart ?? "—") : `${row.periodStart ?? "?"} to ${row.periodEnd ?? "?"}`;

function ImportRow({ row, selected, onSelect }: { row: ImportDto; selected: boolean; onSelect: () => void }) {
  const s = row.summary;
  const figure = (value: number | undefined) => <Td className="text-right tabular-nums">{value ?? "—"}</Td>;
  return (
    <Tr data-testid="import-row" data-import-id={row.id} aria-current={selected ? "true" : undefined}>
      <Td className="whitespace-nowrap text-(--fg-muted)">
        <DateTime iso={row.createdAt} />
      </Td>
      <Td className="whitespace-nowrap">
        {row.acquirerName} <span className="text-xs text-(--fg-subtle)">{row.fileType}</span>
      </Td>
      <Td className="whitespace-nowrap">{period(row)}</Td>
      {figure(s?.sales)}
      {figure(s?.matched)}
      {figure(s?.missingNotification)}
      {figure(s?.notificationWithoutSale)}
      {figure(s ? s.amountMismatch + s.statusMismatch : undefined)}
      <Td>
        <Badge
          tone={row.status === "done" ? "success" : row.status === "failed" ? "danger" : "warning"}
          title={row.failureReason ?? undefined}
        >
          {row.status}
        </Badge>
      </Td>
      <Td className="text-right">
        <Button variant="ghost" size="sm" onClick={onSelect} disabled={selected} aria-pressed={selected}>
          {selected ? "Shown" : "Show exceptions"}
        </Button>
      </Td>
    </Tr>
  );
}

export function ImportsTable({
  query,
  selectedId,
  onSelect,
}: {
  query: NonNullable<ReturnType<typeof useImports>>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <InfiniteListTable
      query={query}
      empty={
        <EmptyState icon="inbox" title="No statements imported yet">
          Import an acquirer's statement above: its sales are matched against the notifications.
        </EmptyState>
      }
      {...IMPORTS_TABLE}
    >
      {rows.map((row) => (
        <ImportRow key={row.id} row={row} selected={row.id === selectedId} onSelect={() => onSelect(row.id)} />
      ))}
    </InfiniteListTable>
  );
}
