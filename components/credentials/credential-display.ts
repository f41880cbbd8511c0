// How a credential reads in the tables: its status tone, its account identifiers in short.
import type { Choices } from "@/components/ui/select-field";
import { CREDENTIAL_STATUSES, type CredentialStatus } from "@/lib/credentials/schemas";
import type { ProviderField } from "@/lib/providers/provider-fields";

export const STATUS_LABELS: Record<CredentialStatus, string> = {
  connected: "Connected",
  pending: "Pending",
  disconnected: "Disconnected",
};

export const STATUS_HINTS: Record<CredentialStatus, string> = {
  connected: "The acquirer account is live and notifications are expected.",
  pending: "Waiting for the acquirer to activate the account.",
  disconnected: "The acquirer account was closed or suspended.",
};

/** The status as a form's choice (new credential, edit). */
export const STATUS_CHOICES: Choices<CredentialStatus> = {
  options: CREDENTIAL_STATUSES,
  labels: STATUS_LABELS,
  hint: (status) => STATUS_HINTS[status],
};

export const STATUS_TONES: Record<CredentialStatus, "success" | "warning" | "neutral"> = {
  connected: "success",
  pending: "warning",
  disconnected: "neutral",
};

export const KIND_LABELS: Record<string, string> = {
  card_present_emv: "Card present · EMV",
  ecommerce: "E-commerce",
};

export const KIND_SHORT_LABELS: Record<string, string> = {
  card_present_emv: "Card present",
  ecommerce: "E-commerce",
};

/** "Merchant ID (MID)" → "MID"; a label without an abbreviation stays whole. */
export function shortLabel(label: string): string {
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? label;
}

/** The non-secret authentication values that identify the account (MID and TID, client id). */
export function identifiersOf(fields: ProviderField[], data: Record<string, string> | null): { label: string; value: string }[] {
  if (!data) return [];
  return fields
    .filter((field) => !field.secret && data[field.name])
    .map((field) => ({ label: shortLabel(field.label), value: data[field.name]! }));
}

const CLASS_WORDS: Record<string, string> = {
  "A-Za-z0-9": "letters or digits",
  "0-9": "digits",
  "A-Za-z0-9_-": "letters, digits, _ or -",
  "A-Z0-9": "capital letters or digits",
  ".": "characters",
};

/**
 * A provider field's pattern in words, for the simple shapes the providers use
 * (`^[A-Za-z0-9]{8}$` → "8 letters or digits"); anything else is quoted as it is.
 */
export function describePattern(pattern: string): string {
  const match = /^\^(?:\[([^\]]+)\]|(\.))\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  const words = match ? CLASS_WORDS[match[1] ?? match[2] ?? ""] : undefined;
  if (!match || !words) return `in the format ${pattern}`;
  const [, , , min, max] = match;
  if (max === undefined) return `${min} ${words}`;
  return min === "1" ? `up to ${max} ${words}` : `${min} to ${max} ${words}`;
}

/** A provider field's error as a sentence: "must match ^...$ (for example X)" said in words. */
export function providerFieldMessage(field: ProviderField, message: string): string {
  if (message.startsWith("must match "))
    return `${field.label} must be ${describePattern(field.pattern)}, for example ${field.example}.`;
  return /^[a-z]/.test(message) ? `${field.label} ${message}.` : message;
}
