"use client";

// A provider's authenticationFields as inputs: its labels and examples (patterns are checked
// by the form, as the API checks them), secret fields as password inputs no manager fills.
import { describePattern, providerFieldMessage } from "@/components/credentials/credential-display";
import { describedBy, FieldError, FieldHint } from "@/components/ui/field-error";
import { Icon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ProviderField } from "@/lib/providers/provider-fields";

export const authFieldId = (name: string) => `authentication-${name}`;

export function ProviderFieldInputs({
  fields,
  values,
  errors,
  onChange,
  onBlur,
  editing = false,
}: {
  fields: ProviderField[];
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
  /** Changing an existing credential: an empty secret keeps the stored one, a typed one replaces it. */
  editing?: boolean;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => {
        const id = authFieldId(field.name);
        // The API's words for a value ("must match ^...$") said as a sentence about the field.
        const reported = errors[`authenticationData.${field.name}`];
        const error = reported ? providerFieldMessage(field, reported) : undefined;
        const hintId = `${id}-hint`;
        const errorId = `${id}-error`;
        return (
          <div key={field.name} className="space-y-1.5">
            <Label htmlFor={id} className="flex items-center gap-1.5">
              {field.label}
              {field.required ? null : <span className="font-normal text-(--fg-subtle)">(optional)</span>}
              {field.secret ? <Icon name="lock" className="size-3.5 text-(--warning)" /> : null}
            </Label>
            <Input
              id={id}
              name={field.name}
              type={field.secret ? "password" : "text"}
              // A secret of an acquirer is not the operator's password: keep managers out of it.
              autoComplete={field.secret ? "new-password" : "off"}
              data-1p-ignore={field.secret || undefined}
              spellCheck={false}
              autoCapitalize="none"
              required={field.required && !(editing && field.secret)}
              placeholder={editing && field.secret ? "•••• unchanged" : field.example}
              className="font-mono"
              value={values[field.name] ?? ""}
              onChange={(e) => onChange(field.name, e.target.value)}
              onBlur={() => onBlur(field.name)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(hintId, error && errorId)}
            />
            <FieldHint id={hintId}>
              {field.secret && editing
                ? `Leave empty to keep the current secret; type a new one (${describePattern(field.pattern)}) to replace it.`
                : field.secret
                  ? `Secret, ${describePattern(field.pattern)}. Shown once after creation, masked afterwards.`
                  : `${describePattern(field.pattern).replace(/^./, (c) => c.toUpperCase())}, e.g. ${field.example}`}
            </FieldHint>
            <FieldError id={errorId}>{error}</FieldError>
          </div>
        );
      })}
    </div>
  );
}
