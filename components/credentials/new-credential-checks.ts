// The new-credential form's checks, the API's own: the request schema, then the provider's
// fields (checkFieldValues). Errors are keyed by the API's field path (merchantId,
// authenticationData.terminalIdentifier, ...) so the API's refusals land in the same places.
import { parseJsonObject } from "@/components/credentials/additional-data-editor";
import { checkFieldValues } from "@/lib/credentials/field-values";
import { type CredentialStatus, createCredentialBody } from "@/lib/credentials/schemas";
import type { ProviderDto } from "@/lib/providers/list-providers";

export type Errors = Record<string, string | undefined>;

export type NewCredentialInput = {
  merchantId: string | undefined;
  provider: ProviderDto | undefined;
  values: Record<string, string>;
  status: CredentialStatus;
  additionalText: string;
};

/** The body to send (undefined when the schema refuses it) and every error found. */
export function checkNewCredential(input: NewCredentialInput) {
  const errors: Errors = {};
  const authenticationData = Object.fromEntries(Object.entries(input.values).filter(([, v]) => v !== ""));
  const additional = parseJsonObject(input.additionalText);
  if (!additional.ok) errors.additionalData = additional.message;
  const body = {
    merchantId: input.merchantId ?? "",
    providerId: input.provider?.id ?? "",
    providerName: input.provider?.name ?? "",
    authenticationData,
    status: input.status,
    additionalData: additional.ok ? additional.value : {},
  };
  const parsed = createCredentialBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  }
  if (input.provider) {
    const checks = [
      ...checkFieldValues(input.provider.authenticationFields, authenticationData, "authenticationData").errors,
      ...(additional.ok ? checkFieldValues(input.provider.additionalDataFields, additional.value, "additionalData").errors : []),
    ];
    for (const error of checks) errors[error.field] ??= error.message;
  }
  return { body: parsed.success ? parsed.data : undefined, errors };
}

/** The field paths the form shows; any other field the API names goes to the form's banner. */
export function isFormField(path: string): boolean {
  return (
    ["merchantId", "providerId", "providerName", "status", "additionalData"].includes(path) ||
    path.startsWith("authenticationData.") ||
    path.startsWith("additionalData.")
  );
}

/**
 * One provider field checked as the user leaves it: its message (undefined when valid), or null
 * when it is not judged now (an untouched empty field waits for submit).
 */
export function checkProviderField(provider: ProviderDto, name: string, value: string): string | undefined | null {
  const field = provider.authenticationFields.find((f) => f.name === name);
  if (!field || value === "") return null;
  return checkFieldValues([field], { [name]: value }, "authenticationData").errors[0]?.message;
}

/**
 * The typed provider values' errors, or undefined when all are valid: the edit dialog asks this
 * before its confirmation step, so a bad secret is refused in words there, not by the API after
 * it. Empty values are not judged (an edit keeps a secret left empty).
 */
export function typedValueErrors(provider: ProviderDto, values: Record<string, string>): Errors | undefined {
  const errors: Errors = {};
  for (const [name, value] of Object.entries(values)) {
    const message = checkProviderField(provider, name, value);
    if (message) errors[`authenticationData.${name}`] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
