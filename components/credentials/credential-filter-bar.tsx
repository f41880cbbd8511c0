"use client";

// The credentials list's filters: merchant (search), provider, the acquirer's MID and TID,
// enabled. Each change rewrites the URL, which the list reads.
import { useId } from "react";
import { type CredentialFilters, NO_CREDENTIAL_FILTERS } from "@/components/credentials/credential-queries";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { Button } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { pageFiltersActive } from "@/lib/paging/list-filter-table";
import type { ProviderDto } from "@/lib/providers/list-providers";

const LABEL = "mb-1 block text-xs font-medium text-(--fg-muted)";

/** An exact acquirer id (MID or TID), applied on Enter or when the field is left. */
function AcquirerIdFilter({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  const commit = (text: string) => {
    const next = text.trim() || undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-36">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <Input
        // Re-created when the URL changes the value (Clear filters, Back), so it shows the filter.
        key={value ?? ""}
        id={id}
        type="search"
        defaultValue={value ?? ""}
        placeholder={`Acquirer ${label}`}
        autoComplete="off"
        spellCheck={false}
        className="h-8 font-mono text-xs placeholder:font-sans placeholder:text-sm"
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
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
  const ids = { merchant: useId(), provider: useId(), enabled: useId(), mid: useId(), tid: useId() };
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
        id={ids.mid}
        label="MID"
        value={filters.merchantIdentifier}
        onCommit={(merchantIdentifier) => onChange({ merchantIdentifier })}
      />
      <AcquirerIdFilter
        id={ids.tid}
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
