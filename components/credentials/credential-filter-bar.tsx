"use client";

// The credentials list's filters: merchant (search), provider, the acquirer's MID and TID,
// enabled. Each change rewrites the URL, which the list reads (the MID and TID after a pause in typing).
import { useId } from "react";
import { type CredentialFilters, NO_CREDENTIAL_FILTERS } from "@/components/credentials/credential-queries";
import { FilterText } from "@/components/events/filters/filter-text";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { Button } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";
import { Select } from "@/components/ui/select";
import { FILTER_IDENTIFIER } from "@/lib/events/filter-vocabulary";
import { pageFiltersActive } from "@/lib/paging/list-filter-table";
import type { ProviderDto } from "@/lib/providers/list-providers";

const LABEL = "mb-1 block text-xs font-medium text-(--fg-muted)";

/** An acquirer id (MID or TID) or its beginning, applied as it is typed (after a pause, like the events bar's). */
function AcquirerIdFilter({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-36">
      {/* The field's own label is for assistive technology; this one is the bar's visible caption. */}
      <span aria-hidden="true" className={LABEL}>
        {label}
      </span>
      <FilterText
        label={label}
        value={value}
        onCommit={onCommit}
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
  const ids = { merchant: useId(), provider: useId(), enabled: useId() };
  const active = pageFiltersActive(filters);
  return (
    <search aria-label="Filter credentials" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-72">
        <label htmlFor={ids.merchant} className={LABEL}>
          Merchant
        </label>
        <MerchantPicker
          id={ids.merchant}
          size="sm"
          value={filters.merchantId}
          placeholder="All merchants"
          onChange={(merchant) => onChange({ merchantId: merchant?.id })}
        />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-48">
        <label htmlFor={ids.provider} className={LABEL}>
          Provider
        </label>
        <Select
          id={ids.provider}
          size="sm"
          value={filters.providerId ?? ""}
          onChange={(e) => onChange({ providerId: e.target.value || undefined })}
        >
          <option value="">All providers</option>
          {providers?.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.displayName}
            </option>
          ))}
        </Select>
      </div>
      <AcquirerIdFilter
        label="MID"
        value={filters.merchantIdentifier}
        onCommit={(merchantIdentifier) => onChange({ merchantIdentifier })}
      />
      <AcquirerIdFilter
        label="TID"
        value={filters.terminalIdentifier}
        onCommit={(terminalIdentifier) => onChange({ terminalIdentifier })}
      />
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <label htmlFor={ids.enabled} className={LABEL}>
          State
        </label>
        <Select
          id={ids.enabled}
          size="sm"
          value={filters.enabled ?? ""}
          onChange={(e) => onChange({ enabled: e.target.value || undefined })}
        >
          <option value="">Any state</option>
          <option value="true">Enabled</option>
          <option value="false">Disabled</option>
        </Select>
      </div>
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_CREDENTIAL_FILTERS)}>
          <ControlIcon name="close" className="size-3.5" />
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
