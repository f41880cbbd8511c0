// Response shapes that belong to no domain: the problem+json body of lib/http/problem-response.ts, the page
// envelope of lib/paging/keyset-page.ts, and the operational endpoints (JWKS, health, this document).
import { z } from "zod";
import { MAX_LIMIT } from "@/lib/paging/page-params";
import { fieldErrorSchema } from "@/lib/validation/field-error-schema";

/** RFC 9457 application/problem+json, as lib/http/problem-response.ts writes it. */
export const problemSchema = z.strictObject({
  type: z
    .string()
    .regex(/^\/problems\/[a-z_]+$/)
    .describe("/problems/<code>"),
  title: z.string().describe("The status's reason phrase"),
  status: z.int().min(400).max(599),
  detail: z.string().describe("What went wrong, for a person"),
  code: z
    .string()
    .regex(/^[a-z_]+$/)
    .describe("Stable, machine-readable"),
  errors: z.array(fieldErrorSchema).optional().describe("For validation failures: each bad, missing or unknown field"),
  existing: z
    .strictObject({ id: z.string(), href: z.string().describe("Its URL in this API, e.g. /v1/credentials/{id}") })
    .optional()
    .describe("For a conflict with a resource that holds the place (duplicate_credential): which one"),
  request_id: z.string().describe("Also in the X-Request-Id header"),
});

export const pageMetadataSchema = z.strictObject({
  cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
  limit: z.int().min(1).max(MAX_LIMIT),
  has_more: z.boolean(),
});

/** The envelope of every list: `{metadata, data}`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ metadata: pageMetadataSchema, data: z.array(item) });

/** GET /.well-known/jwks.json: the public Ed25519 keys that verify access and refresh tokens. */
export const jwksSchema = z.strictObject({
  keys: z
    .array(
      z.strictObject({
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string().regex(/^[A-Za-z0-9_-]+$/),
        kid: z.string(),
        alg: z.literal("EdDSA"),
        use: z.literal("sig"),
      }),
    )
    .min(1),
});

export const healthSchema = z.strictObject({ status: z.literal("ok") });
export const readinessSchema = z.strictObject({ status: z.literal("ready") });

/** GET /v1/openapi.json, in outline (the document is described by the OpenAPI 3.1 schema itself). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
