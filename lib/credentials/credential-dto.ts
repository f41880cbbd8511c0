// The API's views of a credential.
//
// - The creation response is exactly the seed's returned fields, with authenticationData in
//   full: the one time its secrets are shown.
// - Every later read (GET, list, PATCH) is that shape with the provider's secret fields masked,
//   plus `status` and `additionalData`: PATCH can change them, so a client must be able to read
//   them back. (The seed's creation response leaves them out; reads are ours to define.)
// - A row whose authenticationData does not decrypt reads as `authenticationData: null` with
//   `authenticationDataError: "undecryptable"`, instead of failing the request: the rest of the
//   credential stays visible, it can still be disabled, and a PATCH with the full
//   authenticationData repairs it.
import "server-only";
import { z } from "zod";
import type { Credential, Provider } from "@/generated/prisma/client";
import { maskAuthenticationData, redactAuthenticationData } from "@/lib/credentials/authentication-data";
import type { FieldValues } from "@/lib/credentials/field-values";
import { type CredentialStatus, credentialStatusSchema } from "@/lib/credentials/schemas";
import { decryptAuthenticationData, type StoredAuthenticationData } from "@/lib/credentials/stored-authentication-data";
import { XID_PATTERN } from "@/lib/ids";
import { type ProviderField, providerFieldsSchema } from "@/lib/providers/provider-fields";
import { secretField } from "@/lib/validation/secret-field";

const UNDECRYPTABLE = "[undecryptable]";

const xid = z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]");
const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds");
/** A provider's field values by field name (GET /v1/providers lists the fields). */
const fieldValuesSchema = z.record(z.string(), z.string());

/** The creation response (POST /v1/credentials): the seed's fields, secrets shown this once. */
export const createdCredentialSchema = z.strictObject({
  id: xid,
  merchantId: xid,
  providerId: xid,
  subacquirerId: z.string().describe("The platform's organisation id at the acquirers"),
  authenticationData: secretField(fieldValuesSchema).describe(
    "The provider's authentication fields, in full (the only time secrets are shown)",
  ),
  testMode: z.boolean(),
  enabled: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Every later read (GET, list, PATCH): secrets masked, status and additionalData added. */
export const credentialSchema = z.strictObject({
  id: xid,
  merchantId: xid,
  providerId: xid,
  subacquirerId: z.string().describe("The platform's organisation id at the acquirers"),
  authenticationData: secretField(fieldValuesSchema.nullable()).describe(
    "The provider's authentication fields, secret ones masked (••••3f9a); null when the stored value cannot be decrypted",
  ),
  authenticationDataError: z
    .literal("undecryptable")
    .optional()
    .describe("Present when the stored authenticationData cannot be decrypted; a PATCH with it in full repairs it"),
  testMode: z.boolean(),
  enabled: z.boolean(),
  status: credentialStatusSchema,
  additionalData: fieldValuesSchema.describe("The provider's additional data fields"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export type CreatedCredentialDto = z.output<typeof createdCredentialSchema>;
export type CredentialDto = z.output<typeof credentialSchema>;

export type CredentialWithProvider = Credential & { provider: Provider };

export function authenticationFieldsOf(provider: Provider): ProviderField[] {
  return providerFieldsSchema.parse(provider.authenticationFields);
}

export function additionalDataFieldsOf(provider: Provider): ProviderField[] {
  return providerFieldsSchema.parse(provider.additionalDataFields);
}

export function toCreatedCredentialDto(row: Credential, authenticationData: FieldValues): CreatedCredentialDto {
  return {
    id: row.id,
    merchantId: row.merchantId,
    providerId: row.providerId,
    subacquirerId: row.subacquirerId,
    authenticationData,
    testMode: row.testMode,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCredentialDto(row: CredentialWithProvider, stored?: StoredAuthenticationData): CredentialDto {
  const authentication = stored ?? decryptAuthenticationData(row);
  return {
    id: row.id,
    merchantId: row.merchantId,
    providerId: row.providerId,
    subacquirerId: row.subacquirerId,
    authenticationData: authentication.readable
      ? maskAuthenticationData(authenticationFieldsOf(row.provider), authentication.data)
      : null,
    ...(authentication.readable ? {} : { authenticationDataError: "undecryptable" as const }),
    testMode: row.testMode,
    enabled: row.enabled,
    status: row.status as CredentialStatus,
    additionalData: row.additionalData as FieldValues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a credential: its state, secrets replaced by "[redacted]". */
export function credentialAuditSnapshot(
  row: Credential,
  authenticationFields: ProviderField[],
  authentication: StoredAuthenticationData,
) {
  return {
    merchantId: row.merchantId,
    providerId: row.providerId,
    subacquirerId: row.subacquirerId,
    status: row.status,
    testMode: row.testMode,
    enabled: row.enabled,
    additionalData: row.additionalData as FieldValues,
    // An unreadable value is recorded as such, never guessed.
    authenticationData: authentication.readable
      ? redactAuthenticationData(authenticationFields, authentication.data)
      : UNDECRYPTABLE,
  };
}
