// The secret-aware side of authenticationData: masking for reads, redaction for the audit log,
// the masked-value rule of PATCH, and the MID/TID kept in clear for matching events.
import { REDACTED } from "@/lib/audit/redacted";
import type { FieldValues } from "@/lib/credentials/field-values";
import type { ProviderField } from "@/lib/providers/provider-fields";

const MASK = "••••";

/**
 * `••••` and the last 4 characters, enough to tell two secrets apart. A secret shorter than 12
 * characters shows no character at all: 4 of 8 would give half of it away.
 */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
}

function secretNames(fields: ProviderField[]): Set<string> {
  return new Set(fields.filter((f) => f.secret).map((f) => f.name));
}

function replaceSecrets(fields: ProviderField[], data: FieldValues, replace: (value: string) => string): FieldValues {
  const secrets = secretNames(fields);
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, secrets.has(k) ? replace(v) : v]));
}

/** authenticationData as every read after creation shows it. */
export function maskAuthenticationData(fields: ProviderField[], data: FieldValues): FieldValues {
  return replaceSecrets(fields, data, maskSecret);
}

/** authenticationData as the audit log keeps it. */
export function redactAuthenticationData(fields: ProviderField[], data: FieldValues): FieldValues {
  return replaceSecrets(fields, data, () => REDACTED);
}

/**
 * A PATCH may send back what a read showed: a secret field whose value equals the mask of the
 * stored secret keeps the stored secret (a form round-trips without retyping every secret).
 */
export function unmaskPatch(
  fields: ProviderField[],
  stored: FieldValues,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const secrets = secretNames(fields);
  return Object.fromEntries(
    Object.entries(patch).map(([k, v]) => {
      const current = stored[k];
      return [k, secrets.has(k) && current !== undefined && v === maskSecret(current) ? current : v];
    }),
  );
}

/** Secret fields whose value differs between two versions (for the audit log, by name only). */
export function changedSecretFields(fields: ProviderField[], before: FieldValues, after: FieldValues): string[] {
  return [...secretNames(fields)].filter((name) => before[name] !== after[name]);
}

// Which authenticationData fields identify the acquirer account, per provider kind. They are
// stored in clear columns, where the partial unique index allows one enabled credential per
// provider, MID and TID, and where the event worker matches notifications.
const IDENTIFIER_FIELDS: Record<string, { merchant: string; terminal?: string }> = {
  card_present_emv: { merchant: "merchantIdentifier", terminal: "terminalIdentifier" },
  ecommerce: { merchant: "clientId" },
};

/** The names of the fields that hold a provider kind's MID (and TID), for forms that prefill them. */
export function identifierFieldNames(kind: string): { merchant: string; terminal?: string } | undefined {
  return IDENTIFIER_FIELDS[kind];
}

export type AcquirerIdentifiers = { acquirerMerchantIdentifier: string; acquirerTerminalIdentifier: string };

/**
 * The clear MID and TID of a credential. Providers without terminals (ecommerce: clientId as
 * the MID) get an empty TID, not NULL: the unique index treats NULLs as distinct (PostgreSQL
 * before 15, and 15+ without NULLS NOT DISTINCT), so NULL would let one clientId be enabled twice.
 */
export function acquirerIdentifiers(kind: string, data: FieldValues): AcquirerIdentifiers {
  const names = IDENTIFIER_FIELDS[kind];
  if (!names) throw new Error(`Provider kind ${kind} has no identifier fields defined.`);
  return {
    acquirerMerchantIdentifier: data[names.merchant] ?? "",
    acquirerTerminalIdentifier: names.terminal ? (data[names.terminal] ?? "") : "",
  };
}
