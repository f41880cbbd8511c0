// The merchant request schema of lib/merchants/schemas.ts, for the browser. That module also
// holds the list query, whose pagination parameters import server code (node:crypto, lib/env),
// so the form cannot import it. The CNPJ check is the API's own (lib/merchants/cnpj.ts); the
// shape is checked against the API's at compile time (below), the messages are word for word.
// TODO(api): move these into a pure module (lib/merchants/body-schemas.ts) that both import.
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "@/lib/merchants/cnpj";
import type { createMerchantBody as apiCreateMerchantBody } from "@/lib/merchants/schemas";

export const merchantNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .trim()
  .min(1, "is required")
  .max(200, "must be at most 200 characters");

export const taxIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .max(32, "must be a CNPJ of 14 characters")
  .refine(isValidCnpj, "must be a valid CNPJ (14 characters with correct check digits)")
  .transform(normalizeCnpj);

export const createMerchantBody = z.strictObject({
  name: merchantNameSchema,
  taxId: taxIdSchema,
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SchemaParity = [
  Assert<Same<z.input<typeof createMerchantBody>, z.input<typeof apiCreateMerchantBody>>>,
  Assert<Same<z.output<typeof createMerchantBody>, z.output<typeof apiCreateMerchantBody>>>,
];
