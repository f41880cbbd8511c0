"use client";

// additionalData as JSON text: parsed on every change so that invalid JSON is named at once
// (with the parser's reason), and never sent.
import { describedBy, FieldError, FieldHint } from "@/components/ui/field-error";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ProviderField } from "@/lib/providers/provider-fields";

export type ParsedJsonObject = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export function parseJsonObject(text: string): ParsedJsonObject {
  const source = text.trim() || "{}";
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return {
      ok: false,
      message: `Additional data is not valid JSON: ${error instanceof Error ? error.message : "cannot be parsed"}.`,
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Additional data must be a JSON object, like {"softDescriptor": "LOJA CENTRO"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export function AdditionalDataEditor({
  id,
  value,
  onChange,
  onBlur,
  fields,
  providerName,
  error,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  fields: ProviderField[];
  providerName: string | undefined;
  error?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const template = () => onChange(JSON.stringify(Object.fromEntries(fields.map((f) => [f.name, ""])), null, 2));
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={id}>
          Additional data <span className="font-normal text-(--fg-subtle)">(optional)</span>
        </Label>
        {fields.length > 0 ? (
          <button type="button" onClick={template} className="rounded text-xs font-medium text-(--accent-text) hover:underline">
            Insert {providerName ?? "provider"} fields
          </button>
        ) : null}
      </div>
      <Textarea
        id={id}
        name="additionalData"
        rows={5}
        spellCheck={false}
        autoComplete="off"
        className="font-mono text-[13px] leading-relaxed"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
      />
      <FieldHint id={hintId}>
        A JSON object.{" "}
        {fields.length > 0
          ? `${providerName ?? "This provider"} accepts ${fields.map((f) => `${f.name} (e.g. ${f.example})`).join(" and ")}.`
          : "Choose a provider to see which keys it accepts."}
      </FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
