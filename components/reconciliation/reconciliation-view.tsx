"use client";

// The Reconciliation page. Staff: the upload (admins and operators), the imports, one import's
// counts per merchant and day; everyone who reads (a merchant account: its own): the exceptions,
// filtered by import, kind, merchant and status (in the URL), with links to the event and the
// merchant, and "Resolve" with a note for admins and operators.
import Link from "next/link";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatAmount } from "@/components/events/format";
import { MerchantFilter } from "@/components/merchants/merchant-picker";
import { DailyCountsTable } from "@/components/reconciliation/daily-counts-table";
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
import { ClearFiltersButton } from "@/components/ui/clear-filters-button";
import { Td, Tr } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ChoiceFilter, FilterField } from "@/components/ui/filter-field";
import { activeCount, FilterFold } from "@/components/ui/filter-fold";
import { ACTIONS_COLUMN, InfiniteListTable } from "@/components/ui/list-table";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { Select } from "@/components/ui/select";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { can } from "@/lib/access/roles";
import { filterControl, filterLabel, pageFiltersActive, pageFiltersQuery } from "@/lib/paging/list-filter-table";
import type { ExceptionDto } from "@/lib/reconciliation/exception-dto";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import type { ImportDto } from "@/lib/reconciliation/import-dto";
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
  mayResolve,
  onResolve,
}: {
  exception: ExceptionDto;
  staff: boolean;
  mayResolve: boolean;
  onResolve: () => void;
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
        {mayResolve && exception.status === "open" ? (
          <Button variant="secondary" size="sm" onClick={onResolve} aria-label={`Resolve exception ${exception.id}`}>
            Resolve
          </Button>
        ) : null}
      </Td>
    </Tr>
  );
}

const importLabel = (row: ImportDto) =>
  `${row.acquirerName} ${row.periodStart ?? ""}${row.periodEnd && row.periodEnd !== row.periodStart ? ` to ${row.periodEnd}` : ""} (${row.id.slice(-6)})`;

function ExceptionFilterBar({
  filters,
  setFilters,
  imports,
  staff,
}: {
  filters: ExceptionFilters;
  setFilters: (changes: Partial<ExceptionFilters>) => void;
  imports: ImportDto[];
  staff: boolean;
}) {
  return (
    <search aria-label="Filter the exceptions" className="mb-4 flex flex-wrap items-end gap-3">
      {staff ? (
        <FilterField label={filterLabel(EXCEPTION_FILTER_TABLE, "import_id")} className="w-full sm:w-72">
          {(id) => (
            <Select
              id={id}
              size="sm"
              value={filters.import_id ?? ""}
              onChange={(e) => setFilters({ import_id: e.target.value || undefined })}
            >
              <option value="">Every import</option>
              {filters.import_id && !imports.some((row) => row.id === filters.import_id) ? (
                <option value={filters.import_id}>{filters.import_id}</option>
              ) : null}
              {imports.map((row) => (
                <option key={row.id} value={row.id}>
                  {importLabel(row)}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
      ) : null}
      <ChoiceFilter
        control={filterControl(EXCEPTION_FILTER_TABLE, "kind")}
        value={filters.kind}
        onChange={(kind) => setFilters({ kind })}
      />
      {staff ? (
        <FilterField label={filterLabel(EXCEPTION_FILTER_TABLE, "merchant_id")} className="w-full sm:w-72">
          {(id) => <MerchantFilter id={id} value={filters.merchant_id} onChange={(merchant_id) => setFilters({ merchant_id })} />}
        </FilterField>
      ) : null}
      <ChoiceFilter
        control={filterControl(EXCEPTION_FILTER_TABLE, "status")}
        value={filters.status}
        onChange={(status) => setFilters({ status })}
      />
      <ClearFiltersButton shown={pageFiltersActive(filters)} onClear={() => setFilters(NO_EXCEPTION_FILTERS)} />
    </search>
  );
}

const EXCEPTION_COLUMNS = ["Sale day", "Kind", "MID / TID", "What differs", "Event", "Merchant", "Status", ACTIONS_COLUMN];
// On a phone: what kind of difference, on which sale day, what each side says, its MID/TID and event; its status; Resolve.
const EXCEPTION_CARD = { title: "Kind", aside: "Sale day", lines: ["What differs", "MID / TID", "Event"], badge: "Status" };

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
          noun={["exception", "exceptions"]}
          caption="Reconciliation exceptions"
          testId="exceptions-table"
          columns={EXCEPTION_COLUMNS}
          card={EXCEPTION_CARD}
          empty={
            pageFiltersActive(filters) ? (
              <NoMatches
                narrowedBy="filters"
                title="No exceptions match these filters"
                onClear={() => setFilters(NO_EXCEPTION_FILTERS)}
              >
                Widen the import, the kind, the merchant or the status.
              </NoMatches>
            ) : (
              <EmptyState icon="audit" title="No exceptions">
                Sales of an imported statement that do not match the notifications show here.
              </EmptyState>
            )
          }
        >
          {rows.map((exception) => (
            <ExceptionRow
              key={exception.id}
              exception={exception}
              staff={staff}
              mayResolve={mayWrite}
              onResolve={() => setResolving(exception)}
            />
          ))}
        </InfiniteListTable>
        {exceptions.isPending ? <LoadingStatus>Loading the exceptions…</LoadingStatus> : null}
      </section>
      <ResolveExceptionDialog target={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
