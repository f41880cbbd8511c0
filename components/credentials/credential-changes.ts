// What an edit of a credential changes, as a PATCH body (JSON merge semantics: only what changed,
// null removes an optional key) and as the list of changes that need a confirmation because they
// change which notifications match or what the acquirer accepts.
import type { CredentialStatus, UpdateCredentialInput } from "@/lib/credentials/schemas";
import type { ProviderField } from "@/lib/providers/provider-fields";

export type CredentialDraft = {
  status: CredentialStatus;
  testMode: boolean;
  /** Non-secret fields as shown; secret fields empty unless a new value is typed. */
  values: Record<string, string>;
  additionalData: Record<string, unknown>;
};

export type CredentialOriginal = {
  status: CredentialStatus;
  testMode: boolean;
  authenticationData: Record<string, string>;
  additionalData: Record<string, unknown>;
};

function mergePatch(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) if (JSON.stringify(before[key]) !== JSON.stringify(value)) patch[key] = value;
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  return patch;
}

/** The PATCH body of the draft; undefined when nothing changed. */
export function credentialPatch(
  fields: ProviderField[],
  original: CredentialOriginal,
  draft: CredentialDraft,
): UpdateCredentialInput | undefined {
  const body: UpdateCredentialInput = {};
  if (draft.status !== original.status) body.status = draft.status;
  if (draft.testMode !== original.testMode) body.testMode = draft.testMode;
  const authentication: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft.values[field.name] ?? "";
    if (field.secret) {
      if (value !== "") authentication[field.name] = value;
    } else if (value !== (original.authenticationData[field.name] ?? "")) {
      authentication[field.name] = value === "" ? null : value;
    }
  }
  if (Object.keys(authentication).length > 0) body.authenticationData = authentication;
  const additional = mergePatch(original.additionalData, draft.additionalData);
  if (Object.keys(additional).length > 0) body.additionalData = additional;
  return Object.keys(body).length > 0 ? body : undefined;
}

/** The changes an operator must confirm, in words. */
export function dangerousChanges(fields: ProviderField[], original: CredentialOriginal, patch: UpdateCredentialInput): string[] {
  const changes: string[] = [];
  if (patch.testMode === false) changes.push("Switch to live mode: the acquirer processes real transactions with it.");
  if (patch.status === "disconnected") changes.push("Mark the account disconnected at the acquirer.");
  for (const field of fields) {
    const value = patch.authenticationData?.[field.name];
    if (value === undefined) continue;
    if (field.secret) changes.push(`Replace the ${field.label.toLowerCase()}: the current one stops working here at once.`);
    else
      changes.push(
        `Change the ${field.label} from ${original.authenticationData[field.name] || "(none)"} to ${value || "(none)"}: ` +
          "notifications are matched by it from now on.",
      );
  }
  return changes;
}
