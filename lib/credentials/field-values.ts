// Provider-specific values (authenticationData, additionalData) checked against the provider's
// field list from GET /v1/providers: every value a string matching the field's pattern, required
// fields present, and no field the provider does not define. Unknown keys are refused in both
// objects, additionalData included: the form is drawn from the same list, so an unknown key is
// a typo or a client built for another provider, and storing it silently would hide that.
import type { FieldError } from "@/lib/errors";
import type { ProviderField } from "@/lib/providers/provider-fields";
import { defineOwn } from "@/lib/validation/own-keys-record";

export type FieldValues = Record<string, string>;

export type CheckedFieldValues = { values: FieldValues; errors: FieldError[] };

export function checkFieldValues(fields: ProviderField[], input: Record<string, unknown>, prefix: string): CheckedFieldValues {
  const errors: FieldError[] = [];
  const values: FieldValues = {};
  const known = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) errors.push({ field: `${prefix}.${key}`, message: "is not a field of this provider" });
  }
  for (const field of fields) {
    const value = input[field.name];
    const path = `${prefix}.${field.name}`;
    if (value === undefined || value === null || value === "") {
      if (field.required) errors.push({ field: path, message: "is required" });
      continue;
    }
    if (typeof value !== "string") {
      errors.push({ field: path, message: "must be a string" });
      continue;
    }
    if (!new RegExp(field.pattern).test(value)) {
      // The example is reference data, never the caller's value: no secret is echoed.
      errors.push({ field: path, message: `must match ${field.pattern} (for example ${field.example})` });
      continue;
    }
    values[field.name] = value;
  }
  return { values, errors };
}

/** RFC 7396 merge of a patch object into stored values: null removes a key, others replace. */
export function mergeFieldValues(stored: FieldValues, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else defineOwn(merged, key, value); // "__proto__" too, so that it is refused by name
  }
  return merged;
}

export function sameFieldValues(a: FieldValues, b: FieldValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
