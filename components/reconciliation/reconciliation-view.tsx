"use client";

// The Reconciliation page. Staff: the upload (admins and operators), the imports, one import's
// counts per merchant and day; everyone who reads (a merchant account: its own): the exceptions,
// filtered by import, kind, merchant and status (in the URL), with links to the event and the
// merchant, and "Resolve" with a note for admins and operators.
import Link from "next/link";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatAmount } from "@/components/events/format";
import { DailyCountsTable } from "@/components/reconciliation/daily-counts-table";
import { ExceptionFilterBar } from "@/components/reconciliation/exception-filter-bar";
import { ImportsTable } from "@/components/reconciliation/imports-table";
import {
  type ExceptionFilters,
  NO_EXCEPTION_FILTERS,
  parseExceptionFilters,
  useExceptions,
  useImports,
} from "@/components/reconciliation/reconciliation-queries";
import { ResolveExceptionDialog } from "@/components/reconciliation/resolve-exception-dialog";
import { StatementUpload } from "@/components/reconciliation/statement-upload";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td, Tr } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { activeCount, FilterFold } from "@/components/ui/filter-fold";
import { ACTIONS_COLUMN, InfiniteListTable, type ListDeclaration } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { FilteredEmptyState } from "@/components/ui/no-matches";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { can } from "@/lib/access/roles";
import { pageFiltersActive, pageFiltersQuery } from "@/lib/paging/list-filter-table";
import type { ExceptionDto } from "@/lib/reconciliation/exception-dto";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { EXCEPTION_KIND_LABELS } from "@/lib/reconciliation/reconciliation-values";

const search = (filters: ExceptionFilters) => {
  const query = pageFiltersQuery(EXCEPTION_FILTER_TABLE, filters);
  return query ? `?${query}` : "";
};

const money = (cents: number) => formatAmount(cents, "BRL");

/** What the statement and the notifications each say, in one line. */
function sides(exception: ExceptionDto): string {
  const sale = exception.sale ? `sale ${money(exception.sale.amount)} ${exception.sale.status}` : "no sale";
  const payment = exception.payment ? `payment ${money(exception.payment.amount)} ${exception.payment.state}` : "no notification";
  return `${sale} · ${payment}`;
}

function ExceptionRow({
  exception,
  staff,
  onResolve,
}: {
  exception: ExceptionDto;
  staff: boolean;
  /** Offers "Resolve" on an open exception (absent for those who may not resolve). */
  onResolve?: () => void;
}) {
  const sale = exception.sale;
  return (
    <Tr data-testid="exception-row" data-exception-id={exception.id}>
      <Td className="whitespace-nowrap">{sale?.saleDate ?? "—"}</Td>
      <Td className="whitespace-nowrap font-medium">{EXCEPTION_KIND_LABELS[exception.kind]}</Td>
      <Td className="whitespace-nowrap font-mono text-xs">
        {exception.merchantIdentifier}
        {exception.terminalIdentifier ? ` / ${exception.terminalIdentifier}` : ""}
        {sale?.nsu ? <span className="block text-(--fg-subtle)">NSU {sale.nsu}</span> : null}
      </Td>
      <Td className="w-full max-w-0">
        <p className="truncate" title={sides(exception)}>
          {sides(exception)}
        </p>
        {exception.resolutionNote ? (
          <p className="truncate text-xs text-(--fg-subtle)" title={exception.resolutionNote}>
            {exception.resolvedBy}: {exception.resolutionNote}
          </p>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap">
        {exception.eventId ? (
          <Link href={`/events/${exception.eventId}`} className="font-mono text-xs text-(--accent-text) hover:underline">
            {exception.eventId}
          </Link>
        ) : (
          <span className="text-(--fg-subtle)">—</span>
        )}
      </Td>
      <Td className="whitespace-nowrap">
        {exception.merchantId && staff ? (
          <Link href={`/merchants/${exception.merchantId}`} className="text-(--accent-text) hover:underline">
            Merchant
          </Link>
        ) : exception.merchantId ? (
          <span className="font-mono text-xs">{exception.merchantId}</span>
        ) : (
          <span className="text-(--fg-subtle)">—</span>
        )}
      </Td>
      <Td className="whitespace-nowrap">
        <Badge tone={exception.status === "open" ? "warning" : "success"}>{exception.status}</Badge>
      </Td>
      <Td className="whitespace-nowrap text-right">
        {onResolve && exception.status === "open" ? (
          <Button variant="secondary" size="sm" onClick={onResolve} aria-label={`Resolve exception ${exception.id}`}>
            Resolve
          </Button>
        ) : null}
      </Td>
    </Tr>
  );
}

const EXCEPTIONS_TABLE: ListDeclaration = {
  caption: "Reconciliation exceptions",
  testId: "exceptions-table",
  noun: ["exception", "exceptions"],
  columns: ["Sale day", "Kind", "MID / TID", "What differs", "Event", "Merchant", "Status", ACTIONS_COLUMN],
  // On a phone: what kind of difference, on which sale day, what each side says, its MID/TID and event; its status; Resolve.
  card: { title: "Kind", aside: "Sale day", lines: ["What differs", "MID / TID", "Event"], badge: "Status" },
};

export function ReconciliationView() {
  const [filters, setFilters] = useUrlFilters(parseExceptionFilters, search);
  const { data: session } = useSession();
  const role = session?.user.role;
  const staff = role !== undefined && role !== "merchant";
  // A merchant account's grants hold in its scope only, and the resolution is unscoped: staff only.
  const mayWrite = staff && can({ role }, "reconciliation:write");
  const imports = useImports(staff);
  const importRows = imports?.data?.pages.flatMap((page) => page.data) ?? [];
  const exceptions = useExceptions(filters);
  const rows = exceptions.data?.pages.flatMap((page) => page.data) ?? [];
  const [resolving, setResolving] = useState<ExceptionDto | null>(null);
  const countsOf = filters.import_id ?? importRows.find((row) => row.status === "done")?.id;

  return (
    <>
      {mayWrite ? <StatementUpload /> : null}
      {imports ? (
        <section aria-labelledby="imports-title" className="mb-6">
          <h2 id="imports-title" className="mb-2 text-sm font-semibold text-(--fg)">
            Imports
          </h2>
          <ImportsTable query={imports} selectedId={filters.import_id} onSelect={(import_id) => setFilters({ import_id })} />
        </section>
      ) : null}
      {staff && countsOf ? <DailyCountsTable importId={countsOf} /> : null}

      <section aria-labelledby="exceptions-title">
        <h2 id="exceptions-title" className="mb-2 text-sm font-semibold text-(--fg)">
          Exceptions
        </h2>
        <FilterFold active={activeCount(filters)}>
          <ExceptionFilterBar filters={filters} setFilters={setFilters} imports={importRows} staff={staff} />
        </FilterFold>
        <InfiniteListTable
          query={exceptions}
          empty={
            <FilteredEmptyState
              filtered={pageFiltersActive(filters)}
              plural="exceptions"
              widen="Widen the import, the kind, the merchant or the status."
              onClear={() => setFilters(NO_EXCEPTION_FILTERS)}
            >
              <EmptyState icon="audit" title="No exceptions">
                Sales of an imported statement that do not match the notifications show here.
              </EmptyState>
            </FilteredEmptyState>
          }
          {...EXCEPTIONS_TABLE}
        >
          {rows.map((exception) => (
            <ExceptionRow
              key={exception.id}
              exception={exception}
              staff={staff}
              onResolve={mayWrite ? () => setResolving(exception) : undefined}
            />
          ))}
        </InfiniteListTable>
        {exceptions.isPending ? <LoadingStatus>Loading the exceptions…</LoadingStatus> : null}
      </section>
      <ResolveExceptionDialog target={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
