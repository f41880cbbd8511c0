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
import type { Credential, Provider } from "@/generated/prisma/client";
import { maskAuthenticationData, redactAuthenticationData } from "@/lib/credentials/authentication-data";
import type { FieldValues } from "@/lib/credentials/field-values";
import type { CredentialStatus } from "@/lib/credentials/schemas";
import { decryptAuthenticationData, type StoredAuthenticationData } from "@/lib/credentials/stored-authentication-data";
import { type ProviderField, providerFieldsSchema } from "@/lib/providers/provider-fields";

const UNDECRYPTABLE = "[undecryptable]";

export type CreatedCredentialDto = {
  id: string;
  merchantId: string;
  providerId: string;
  subacquirerId: string;
  authenticationData: FieldValues;
  testMode: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CredentialDto = Omit<CreatedCredentialDto, "authenticationData"> & {
  authenticationData: FieldValues | null;
  authenticationDataError?: "undecryptable";
  status: CredentialStatus;
  additionalData: FieldValues;
};

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
