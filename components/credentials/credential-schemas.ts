// The credential request schemas of lib/credentials/schemas.ts, for the browser. That module also
// holds the list query, whose pagination parameters import server code (node:crypto, lib/env),
// so the forms cannot import it. The shapes below are checked against the API's at compile
// time (the assertions at the end); the messages are the API's, word for word.
// TODO(api): move these into a pure module (lib/credentials/body-schemas.ts) that both import.
import { z } from "zod";
import type {
  createCredentialBody as apiCreateCredentialBody,
  updateCredentialBody as apiUpdateCredentialBody,
} from "@/lib/credentials/schemas";

export const CREDENTIAL_STATUSES = ["connected", "pending", "disconnected"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

const requiredString = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`);

const objectOf = <V extends z.ZodType>(value: V) =>
  z.record(z.string(), value, {
    error: (issue) => (issue.input === undefined ? "is required" : "must be an object"),
  });

export const credentialStatusSchema = z.enum(CREDENTIAL_STATUSES, {
  error: () => `must be one of ${CREDENTIAL_STATUSES.join(", ")}`,
});

export const createCredentialBody = z.strictObject({
  merchantId: requiredString(64),
  providerId: requiredString(64),
  providerName: requiredString(32),
  authenticationData: objectOf(z.unknown()),
  status: credentialStatusSchema.default("connected"),
  additionalData: objectOf(z.unknown()).default({}),
});

const booleanField = z.boolean({ error: "must be true or false" });

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

// Compile-time parity with the API's schemas: both directions of assignability, in and out.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SchemaParity = [
  Assert<Same<z.input<typeof createCredentialBody>, z.input<typeof apiCreateCredentialBody>>>,
  Assert<Same<z.output<typeof createCredentialBody>, z.output<typeof apiCreateCredentialBody>>>,
  Assert<Same<z.input<typeof updateCredentialBody>, z.input<typeof apiUpdateCredentialBody>>>,
  Assert<Same<z.output<typeof updateCredentialBody>, z.output<typeof apiUpdateCredentialBody>>>,
];
