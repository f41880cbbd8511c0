"use client";

// A labelled choice of a form, with a hint below that speaks of the chosen value (what a role
// may do, what a status means).
import { useId } from "react";
import { FieldHint } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

/** What a field offers: its options in order, how each reads, and what each means. */
export type Choices<T extends string> = {
  options: readonly T[];
  labels: Record<T, string>;
  hint: (option: T) => string;
};

export function SelectField<T extends string>({
  id,
  label,
  name,
  value,
  choices,
  onChange,
  className = "space-y-1.5",
  autoFocus = false,
}: {
  id: string;
  label: string;
  name?: string;
  value: T;
  choices: Choices<T>;
  onChange: (value: T) => void;
  className?: string;
  /** The dialog's first focus (data-autofocus). */
  autoFocus?: boolean;
}) {
  const hintId = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        aria-describedby={hintId}
        data-autofocus={autoFocus ? true : undefined}
      >
        {choices.options.map((option) => (
          <option key={option} value={option}>
            {choices.labels[option]}
          </option>
        ))}
      </Select>
      <FieldHint id={hintId}>{choices.hint(value)}</FieldHint>
    </div>
  );
}
