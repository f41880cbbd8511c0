// Merchant input rules, shared by the API, the dashboard forms and the OpenAPI document.
import { z } from "zod";
import { isValidCnpj, normalizeCnpj } from "@/lib/merchants/cnpj";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import { listQuerySchema } from "@/lib/paging/list-filter-table";

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

/** GET /v1/merchants: its filters come from the filter table. */
export const listMerchantsQuery = listQuerySchema(MERCHANT_FILTER_TABLE);

export type ListMerchantsQuery = z.infer<typeof listMerchantsQuery>;
