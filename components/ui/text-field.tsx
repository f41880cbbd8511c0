"use client";

// A labelled text input with its hint and its error under it: the input names them in
// aria-describedby and is aria-invalid while the error shows.
import { type ComponentProps, type ReactNode, useId } from "react";
import { describedBy, FieldError, FieldHint } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: Omit<ComponentProps<"input">, "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
}) {
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error && errorId)}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
