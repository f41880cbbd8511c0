"use client";

// The credentials list's filters: merchant (search), provider, the acquirer's MID and TID,
// enabled. Each change rewrites the URL, which the list reads (the MID and TID after a pause in typing).
import { type CredentialFilters, NO_CREDENTIAL_FILTERS } from "@/components/credentials/credential-queries";
import { FilterText } from "@/components/events/filters/filter-text";
import { MerchantFilter } from "@/components/merchants/merchant-picker";
import { ClearFiltersButton } from "@/components/ui/clear-filters-button";
import { filterBarFields } from "@/components/ui/filter-bar-fields";
import { ChoiceFilter, FilterField } from "@/components/ui/filter-field";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { FILTER_IDENTIFIER } from "@/lib/events/list/filter-vocabulary";
import { filterLabel, pageFiltersActive } from "@/lib/paging/list-filter-table";
import type { ProviderDto } from "@/lib/providers/list-providers";

/** An acquirer id (MID or TID) or its beginning, applied as it is typed (after a pause, like the events bar's). */
function AcquirerIdFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-36">
      {/* The field's own label is for assistive technology; this one is the bar's visible caption. */}
      <span aria-hidden="true" className="mb-1 block text-xs font-medium text-(--fg-muted)">
        {label}
      </span>
      <FilterText
        label={label}
        value={value}
        onCommit={onChange}
        placeholder={`Acquirer ${label}`}
        pattern={FILTER_IDENTIFIER}
        hint="Letters, digits, _ or -"
        inputClassName="h-8 font-mono text-xs placeholder:font-sans placeholder:text-sm"
      />
    </div>
  );
}

export function CredentialFilterBar({
  filters,
  onChange,
  providers,
}: {
  filters: CredentialFilters;
  onChange: (changes: Partial<CredentialFilters>) => void;
  providers: ProviderDto[] | undefined;
}) {
  const fields = filterBarFields(CREDENTIAL_FILTER_TABLE, filters, onChange);
  return (
    <search aria-label="Filter credentials" className="mb-4 flex flex-wrap items-end gap-3">
      <FilterField label={filterLabel(CREDENTIAL_FILTER_TABLE, "merchantId")} className="w-full sm:w-72">
        {(id) => <MerchantFilter id={id} value={filters.merchantId} onChange={(merchantId) => onChange({ merchantId })} />}
      </FilterField>
      <ChoiceFilter
        {...fields.choice("providerId")}
        options={providers?.map((provider) => [provider.id, provider.displayName] as const)}
      />
      <AcquirerIdFilter {...fields.field("merchantIdentifier")} />
      <AcquirerIdFilter {...fields.field("terminalIdentifier")} />
      <ChoiceFilter {...fields.choice("enabled")} />
      <ClearFiltersButton shown={pageFiltersActive(filters)} onClear={() => onChange(NO_CREDENTIAL_FILTERS)} />
    </search>
  );
}
