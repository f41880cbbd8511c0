"use client";

// The reconciliation exceptions' filters: the import and the merchant (staff), the kind and the
// status. Each change rewrites the URL, which the list reads.
import { MerchantFilter } from "@/components/merchants/merchant-picker";
import { type ExceptionFilters, NO_EXCEPTION_FILTERS } from "@/components/reconciliation/reconciliation-queries";
import { ClearFiltersButton } from "@/components/ui/clear-filters-button";
import { filterBarFields } from "@/components/ui/filter-bar-fields";
import { ChoiceFilter, FilterField } from "@/components/ui/filter-field";
import { Select } from "@/components/ui/select";
import { filterLabel, pageFiltersActive } from "@/lib/paging/list-filter-table";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import type { ImportDto } from "@/lib/reconciliation/import-dto";

const importLabel = (row: ImportDto) =>
  `${row.acquirerName} ${row.periodStart ?? ""}${row.periodEnd && row.periodEnd !== row.periodStart ? ` to ${row.periodEnd}` : ""} (${row.id.slice(-6)})`;

export function ExceptionFilterBar({
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
  const fields = filterBarFields(EXCEPTION_FILTER_TABLE, filters, setFilters);
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
      <ChoiceFilter {...fields.choice("kind")} />
      {staff ? (
        <FilterField label={filterLabel(EXCEPTION_FILTER_TABLE, "merchant_id")} className="w-full sm:w-72">
          {(id) => <MerchantFilter id={id} value={filters.merchant_id} onChange={(merchant_id) => setFilters({ merchant_id })} />}
        </FilterField>
      ) : null}
      <ChoiceFilter {...fields.choice("status")} />
      <ClearFiltersButton shown={pageFiltersActive(filters)} onClear={() => setFilters(NO_EXCEPTION_FILTERS)} />
    </search>
  );
}
