"use client";

// The merchant field of the credential form and filter: type a name or a CNPJ, pick from the
// API's matches (GET /v1/merchants?search=...).
import { useState } from "react";
import { useMerchant, useMerchantMatches } from "@/components/merchants/merchant-queries";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { formatCnpj } from "@/lib/merchants/cnpj";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";

const toOption = (merchant: MerchantDto): ComboboxOption => ({
  value: merchant.id,
  label: merchant.name,
  description: formatCnpj(merchant.taxId),
});

export function MerchantPicker({
  id,
  value,
  onChange,
  size = "md",
  invalid,
  describedBy,
  placeholder = "Search by name or CNPJ",
  autoFocus,
}: {
  id: string;
  value: string | undefined;
  onChange: (merchant: MerchantDto | null) => void;
  size?: "sm" | "md";
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  // What the user is typing, for the value it was typed against: a value changed from outside
  // (a cleared filter, a pick) makes the draft stale, and the chosen merchant's name shows.
  const [draft, setDraft] = useState<{ value: string | undefined; text: string } | null>(null);
  const text = draft && draft.value === value ? draft.text : null;
  const [engaged, setEngaged] = useState(false);
  const search = useDebouncedValue((text ?? "").trim(), 200);
  const selected = useMerchant(value);

  // Only once the field is used (focused or typed in: an autofocused field may never report its focus).
  const matches = useMerchantMatches(search, engaged || draft !== null);

  const selectedOption = value && selected.data ? toOption(selected.data) : null;
  const inputValue = text ?? selectedOption?.label ?? (value && selected.isPending ? "Loading…" : "");

  return (
    <div onFocusCapture={() => setEngaged(true)}>
      <Combobox
        id={id}
        size={size}
        inputValue={inputValue}
        onInputChange={(next) => setDraft({ value, text: next })}
        options={(matches.data ?? []).map(toOption)}
        selected={selectedOption}
        onSelect={(option) => {
          if (!option) {
            setDraft((current) => (current ? { ...current, value: undefined } : current));
            if (value) onChange(null);
            return;
          }
          setDraft(null);
          const merchant = matches.data?.find((m) => m.id === option.value) ?? selected.data;
          if (merchant) onChange(merchant);
        }}
        loading={matches.isFetching}
        error={matches.isError ? "Merchants could not be searched. Type again to retry." : undefined}
        emptyMessage={search ? `No merchant matches “${search}”.` : "No merchants registered yet."}
        invalid={invalid}
        describedBy={describedBy}
        placeholder={placeholder}
        clearLabel="Clear merchant"
        autoFocus={autoFocus}
      />
    </div>
  );
}

/** A list's merchant filter (credentials, webhook endpoints): "All merchants", or one merchant's id. */
export function MerchantFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (merchantId: string | undefined) => void;
}) {
  return <MerchantPicker id={id} size="sm" value={value} placeholder="All merchants" onChange={(m) => onChange(m?.id)} />;
}
