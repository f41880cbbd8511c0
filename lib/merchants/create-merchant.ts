// Registers a merchant (operators and admins). The tax id is unique: the unique index decides,
// so two concurrent registrations of one CNPJ give one 201 and one 409.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { createAudited } from "@/lib/audit/record-audit-entry";
import { newId } from "@/lib/ids";
import { type MerchantDto, merchantAuditSnapshot, toMerchantDto } from "@/lib/merchants/merchant-dto";
import type { CreateMerchantInput } from "@/lib/merchants/schemas";
import { asTaxIdTaken } from "@/lib/merchants/tax-id-taken";

export async function createMerchant(options: { caller: Caller; input: CreateMerchantInput }): Promise<MerchantDto> {
  const { caller, input } = options;
  requirePermission(caller, "merchants:write");
  try {
    const merchant = await createAudited({
      caller,
      action: "merchant.create",
      create: (tx) => tx.merchant.create({ data: { id: newId(), name: input.name, taxId: input.taxId } }),
      snapshot: merchantAuditSnapshot,
    });
    return toMerchantDto(merchant);
  } catch (error) {
    throw asTaxIdTaken(error, input.taxId);
  }
}
