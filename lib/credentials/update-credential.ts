// Changes a credential (operators and admins): PATCH /v1/credentials/{id}, JSON merge semantics.
// The row is locked for the read-modify-write, so concurrent PATCHes never lose each other's
// changes; a change of MID/TID or a re-enable is checked by the same unique index as creation.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type ChangeById, requirePermission } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import {
  type AcquirerIdentifiers,
  acquirerIdentifiers,
  changedSecretFields,
  unmaskPatch,
} from "@/lib/credentials/authentication-data";
import {
  additionalDataFieldsOf,
  authenticationFieldsOf,
  type CredentialDto,
  credentialAuditSnapshot,
  toCredentialDto,
} from "@/lib/credentials/credential-dto";
import { duplicateCredentialConflict, isDuplicateCredentialError } from "@/lib/credentials/duplicate-credential";
import { checkFieldValues, type FieldValues, mergeFieldValues, sameFieldValues } from "@/lib/credentials/field-values";
import type { UpdateCredentialInput } from "@/lib/credentials/schemas";
import {
  decryptAuthenticationData,
  encryptAuthenticationData,
  type StoredAuthenticationData,
} from "@/lib/credentials/stored-authentication-data";
import { db } from "@/lib/db/client";
import { conflict, type FieldError, notFound, validationFailed } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import type { ProviderField } from "@/lib/providers/provider-fields";

/**
 * The authenticationData after the patch, or undefined when the patch leaves it alone. Secret
 * fields sent back masked keep their stored value. A row whose stored value does not decrypt
 * can only be repaired by sending every required field in full: nothing can be merged into it.
 */
function nextAuthenticationData(
  fields: ProviderField[],
  stored: StoredAuthenticationData,
  patch: Record<string, unknown> | undefined,
  errors: FieldError[],
): FieldValues | undefined {
  if (patch === undefined) return undefined;
  if (!stored.readable) {
    const missing = fields.filter((f) => f.required && (patch[f.name] === undefined || patch[f.name] === null));
    if (missing.length > 0) {
      throw conflict(
        "authentication_data_unreadable",
        "The stored authenticationData cannot be decrypted, so nothing can be merged into it. " +
          `Send authenticationData in full (${fields.map((f) => f.name).join(", ")}) to replace it.`,
      );
    }
  }
  const base = stored.readable ? stored.data : {};
  return mergedAndChecked(fields, base, unmaskPatch(fields, base, patch), "authenticationData", errors);
}

/** The stored values with the patch merged in (RFC 7396), checked against the provider's fields; errors are collected. */
function mergedAndChecked(
  fields: ProviderField[],
  stored: FieldValues,
  patch: Record<string, unknown>,
  field: "authenticationData" | "additionalData",
  errors: FieldError[],
): FieldValues {
  const checked = checkFieldValues(fields, mergeFieldValues(stored, patch), field);
  errors.push(...checked.errors);
  return checked.values;
}

export async function updateCredential(options: ChangeById<UpdateCredentialInput>): Promise<CredentialDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "credentials:write");
  if (!XID_PATTERN.test(id)) throw notFound(`There is no credential ${id}.`);

  // Kept for the 409 message, which is composed after the failed transaction has ended.
  let attempted: { providerId: string; identifiers: AcquirerIdentifiers } | undefined;
  try {
    return await db().$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM credentials WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) throw notFound(`There is no credential ${id}.`);
      const row = await tx.credential.findUniqueOrThrow({ where: { id }, include: { provider: true } });
      const authenticationFields = authenticationFieldsOf(row.provider);
      const stored = decryptAuthenticationData(row);
      const storedAdditional = row.additionalData as FieldValues;

      const errors: FieldError[] = [];
      const authentication = nextAuthenticationData(authenticationFields, stored, input.authenticationData, errors);
      const additional =
        input.additionalData === undefined
          ? undefined
          : mergedAndChecked(
              additionalDataFieldsOf(row.provider),
              storedAdditional,
              input.additionalData,
              "additionalData",
              errors,
            );
      if (errors.length > 0) throw validationFailed(errors);

      const data: Prisma.CredentialUpdateInput = {};
      if (input.enabled !== undefined && input.enabled !== row.enabled) data.enabled = input.enabled;
      if (input.testMode !== undefined && input.testMode !== row.testMode) data.testMode = input.testMode;
      if (input.status !== undefined && input.status !== row.status) data.status = input.status;
      if (additional && !sameFieldValues(storedAdditional, additional)) data.additionalData = additional;
      const authenticationChanged = authentication && !(stored.readable && sameFieldValues(stored.data, authentication));
      const identifiers = authenticationChanged
        ? acquirerIdentifiers(row.provider.kind, authentication)
        : {
            acquirerMerchantIdentifier: row.acquirerMerchantIdentifier ?? "",
            acquirerTerminalIdentifier: row.acquirerTerminalIdentifier ?? "",
          };
      if (authenticationChanged) Object.assign(data, encryptAuthenticationData(id, authentication), identifiers);
      // Nothing differs: no write, no audit entry, updatedAt unchanged.
      if (Object.keys(data).length === 0) return toCredentialDto(row, stored);

      attempted = { providerId: row.providerId, identifiers };
      const updated = await tx.credential.update({ where: { id }, data, include: { provider: true } });
      const after: StoredAuthenticationData = authenticationChanged ? { readable: true, data: authentication } : stored;
      const secretsChanged =
        authenticationChanged && stored.readable ? changedSecretFields(authenticationFields, stored.data, authentication) : [];
      await recordAuditEntry(tx, {
        caller,
        action: "credential.update",
        targetId: id,
        before: credentialAuditSnapshot(row, authenticationFields, stored),
        // Redaction hides whether a secret changed; the names of the changed ones say it.
        after: {
          ...credentialAuditSnapshot(updated, authenticationFields, after),
          ...(secretsChanged.length > 0 ? { changedSecretFields: secretsChanged } : {}),
        },
      });
      return toCredentialDto(updated, after);
    });
  } catch (error) {
    if (attempted && isDuplicateCredentialError(error)) {
      throw await duplicateCredentialConflict(attempted.providerId, attempted.identifiers);
    }
    throw error;
  }
}
