// The API's view of a merchant, and its schema (the OpenAPI document's Merchant).
import { z } from "zod";
import type { Merchant } from "@/generated/prisma/client";
import { XID_PATTERN } from "@/lib/ids";

export const merchantSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  name: z.string().describe("Name of the establishment"),
  taxId: z
    .string()
    .regex(/^[0-9A-Z]{12}[0-9]{2}$/)
    .describe("CNPJ, unmasked: 14 characters, the first 12 may be letters (2026 form)"),
  createdAt: z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds"),
  updatedAt: z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds"),
});

export type MerchantDto = z.output<typeof merchantSchema>;

export function toMerchantDto(row: Merchant): MerchantDto {
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a merchant (nothing in it is secret). */
export function merchantAuditSnapshot(row: Merchant) {
  return { name: row.name, taxId: row.taxId };
}
