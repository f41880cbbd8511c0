// Merchant input rules, shared by the API, the dashboard forms and the OpenAPI document.
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "@/lib/merchants/cnpj";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";

export const merchantNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .trim()
  .min(1, "is required")
  .max(200, "must be at most 200 characters");

/** A CNPJ, masked or not, numeric or the 2026 alphanumeric form; stored normalized. */
export const taxIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .max(32, "must be a CNPJ of 14 characters")
  .refine(isValidCnpj, "must be a valid CNPJ (14 characters with correct check digits)")
  .transform(normalizeCnpj);

export const createMerchantBody = z.strictObject({
  name: merchantNameSchema,
  taxId: taxIdSchema,
});

export type CreateMerchantInput = z.infer<typeof createMerchantBody>;

/** PATCH /v1/merchants/{id}: the name, the tax id, or both; at least one. */
export const updateMerchantBody = z
  .strictObject({ name: merchantNameSchema.optional(), taxId: taxIdSchema.optional() })
  .refine((v) => v.name !== undefined || v.taxId !== undefined, { message: "must change name or taxId" });

export type UpdateMerchantInput = z.infer<typeof updateMerchantBody>;

export const listMerchantsQuery = z.strictObject({
  // A part of the name (any case) or the beginning of the tax id (mask optional).
  search: z.string().trim().min(1, "must not be empty").max(200).optional(),
  // Several merchants by id at once (a table's page of names): comma-separated, at most 100.
  id: z
    .string()
    .transform((v) => [...new Set(v.split(","))])
    .refine((ids) => ids.length <= 100 && ids.every((id) => /^[0-9a-v]{20}$/.test(id)), {
      message: "must be 1 to 100 merchant ids, comma-separated",
    })
    .optional(),
  limit: limitParam,
  cursor: cursorParam,
  sort: sortParam,
});

export type ListMerchantsQuery = z.infer<typeof listMerchantsQuery>;
