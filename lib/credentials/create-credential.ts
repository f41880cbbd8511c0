// Links a provider to a merchant (operators and admins): POST /v1/credentials.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { acquirerIdentifiers } from "@/lib/credentials/authentication-data";
import {
  additionalDataFieldsOf,
  authenticationFieldsOf,
  type CreatedCredentialDto,
  credentialAuditSnapshot,
  toCreatedCredentialDto,
} from "@/lib/credentials/credential-dto";
import { duplicateCredentialConflict, isDuplicateCredentialError } from "@/lib/credentials/duplicate-credential";
import { checkFieldValues } from "@/lib/credentials/field-values";
import type { CreateCredentialInput } from "@/lib/credentials/schemas";
import { encryptAuthenticationData } from "@/lib/credentials/stored-authentication-data";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { unprocessable, validationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";

export async function createCredential(options: { caller: Caller; input: CreateCredentialInput }): Promise<CreatedCredentialDto> {
  const { caller, input } = options;
  requirePermission(caller, "credentials:write");

  // References first (422), then the provider-specific fields, which need the provider (400).
  // The provider by id when given, else by name (the schema asks for one of them).
  const byId = input.providerId !== undefined;
  const [merchant, provider] = await Promise.all([
    db().merchant.findUnique({ where: { id: input.merchantId }, select: { id: true } }),
    db().provider.findUnique({ where: byId ? { id: input.providerId } : { name: input.providerName } }),
  ]);
  if (!merchant) {
    throw unprocessable("merchant_not_found", `There is no merchant ${input.merchantId}.`, [
      { field: "merchantId", message: "is not a known merchant" },
    ]);
  }
  if (!provider) {
    const field = byId ? "providerId" : "providerName";
    throw unprocessable("provider_not_found", `There is no provider ${input[field]}. See GET /v1/providers.`, [
      { field, message: "is not a known provider" },
    ]);
  }
  if (input.providerName !== undefined && input.providerName !== provider.name) {
    throw unprocessable("provider_name_mismatch", `The provider ${provider.id} is ${provider.name}.`, [
      { field: "providerName", message: `must be ${provider.name}, the name of provider ${provider.id}` },
    ]);
  }
  const authenticationFields = authenticationFieldsOf(provider);
  const authentication = checkFieldValues(authenticationFields, input.authenticationData, "authenticationData");
  const additional = checkFieldValues(additionalDataFieldsOf(provider), input.additionalData, "additionalData");
  const errors = [...authentication.errors, ...additional.errors];
  if (errors.length > 0) throw validationFailed(errors);

  const id = newId();
  const identifiers = acquirerIdentifiers(provider.kind, authentication.values);
  try {
    const row = await db().$transaction(async (tx) => {
      const created = await tx.credential.create({
        data: {
          id,
          merchantId: merchant.id,
          providerId: provider.id,
          status: input.status,
          testMode: true,
          enabled: true,
          subacquirerId: env().subacquirerId,
          ...encryptAuthenticationData(id, authentication.values),
          ...identifiers,
          additionalData: additional.values,
        },
      });
      await recordAuditEntry(tx, {
        caller,
        action: "credential.create",
        targetId: id,
        after: credentialAuditSnapshot(created, authenticationFields, { readable: true, data: authentication.values }),
      });
      return created;
    });
    return toCreatedCredentialDto(row, authentication.values);
  } catch (error) {
    if (isDuplicateCredentialError(error)) throw await duplicateCredentialConflict(provider.id, identifiers);
    throw error;
  }
}
