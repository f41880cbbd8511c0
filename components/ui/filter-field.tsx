"use client";

// The controls of a list's filter bar (credentials, audit log): a labelled field, and the choice
// a filter table declares (lib/paging/list-filter-table.ts, `control`, labelled by the filter's
// label): "any" or one value.
import { type ReactNode, useId } from "react";
import { Select } from "@/components/ui/select";
import type { ChoiceControl, LabelledChoice } from "@/lib/paging/list-filter-table";

/** Half the bar's width on a phone (two fields a row); on a wide screen, the control's width. */
const WIDTHS: Record<ChoiceControl["width"], string> = {
  narrow: "w-[calc(50%-0.375rem)] sm:w-40",
  medium: "w-[calc(50%-0.375rem)] sm:w-44",
  wide: "w-[calc(50%-0.375rem)] sm:w-48",
};

/** A field of the bar with its label above; `children` gets the id the label points at. */
export function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-(--fg-muted)">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A filter's choice: its declared label and values, or `options` when the page loads them. */
export function ChoiceFilter({
  control,
  options = control.options ?? [],
  value,
  onChange,
}: {
  control: LabelledChoice;
  options?: readonly (readonly [value: string, label: string])[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FilterField label={control.label} className={WIDTHS[control.width]}>
      {(id) => (
        <Select id={id} size="sm" value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{control.anyLabel}</option>
          {options.map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
}
