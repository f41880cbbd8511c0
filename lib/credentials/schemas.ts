// Credential request shapes, shared by the API, the dashboard forms and the OpenAPI document.
// The provider-specific parts (authenticationData, additionalData) are only objects here; their
// fields are checked against the provider's field list (lib/credentials/field-values.ts).
import { z } from "zod";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { listQuerySchema } from "@/lib/paging/list-filter-table";
import { keepingProtoKey } from "@/lib/validation/own-keys-record";

export const CREDENTIAL_STATUSES = ["connected", "pending", "disconnected"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

const requiredString = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`);

// "__proto__" is kept (lib/validation/own-keys-record.ts), so that it is refused by name as a field
// the provider does not define, not dropped.
const objectOf = <V extends z.ZodType>(value: V) =>
  keepingProtoKey(
    z.record(z.string(), value, {
      error: (issue) => (issue.input === undefined ? "is required" : "must be an object"),
    }),
  );

export const credentialStatusSchema = z.enum(CREDENTIAL_STATUSES, {
  error: () => `must be one of ${CREDENTIAL_STATUSES.join(", ")}`,
});

// The provider by its id or its name, or both (then they must name the same provider: a 422).
export const createCredentialBody = z
  .strictObject({
    merchantId: requiredString(64),
    providerId: requiredString(64)
      .optional()
      .describe("The provider's id (GET /v1/providers). Either providerId or providerName is required."),
    providerName: requiredString(32)
      .optional()
      .describe("The provider's name, e.g. cielo. Either providerId or providerName is required; with both, they must agree."),
    authenticationData: objectOf(z.unknown()),
    status: credentialStatusSchema.default("connected"),
    additionalData: objectOf(z.unknown()).default({}),
  })
  // Checked even when other fields fail (zod skips refinements then by default), so a body
  // missing everything names every field it lacks, the provider included.
  .refine((body) => body.providerId !== undefined || body.providerName !== undefined, {
    path: ["providerId"],
    message: "is required (or providerName)",
    when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value),
  });

export type CreateCredentialInput = z.infer<typeof createCredentialBody>;

const booleanField = z.boolean({ error: "must be true or false" });

// JSON merge patch (RFC 7396): absent fields stay as they are; inside authenticationData and
// additionalData a key set to null is removed, other keys replace the stored value.
export const updateCredentialBody = z
  .strictObject({
    enabled: booleanField.optional(),
    testMode: booleanField.optional(),
    status: credentialStatusSchema.optional(),
    authenticationData: objectOf(z.unknown()).optional(),
    additionalData: objectOf(z.unknown()).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: "must change at least one of enabled, testMode, status, authenticationData, additionalData",
  });

export type UpdateCredentialInput = z.infer<typeof updateCredentialBody>;

/** GET /v1/credentials: its filters come from the filter table. */
export const listCredentialsQuery = listQuerySchema(CREDENTIAL_FILTER_TABLE);

export type ListCredentialsQuery = z.infer<typeof listCredentialsQuery>;
