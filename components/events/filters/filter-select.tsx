"use client";

// A choice filter of the events bar (acquirer, method, transaction status): "All" or one value.
import { useId } from "react";
import { cx } from "@/components/ui/class-names";
import { Select } from "@/components/ui/select";

export function FilterSelect<T extends string>({
  label,
  value,
  anyLabel,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: T | undefined;
  anyLabel: string;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        size="sm"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
        className={cx(value ? "[&_select]:border-(--accent) [&_select]:text-(--fg)" : "[&_select]:text-(--fg-muted)")}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}
