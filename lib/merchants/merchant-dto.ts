// The API's view of a merchant.
import type { Merchant } from "@/generated/prisma/client";

export type MerchantDto = { id: string; name: string; taxId: string; createdAt: string; updatedAt: string };

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
