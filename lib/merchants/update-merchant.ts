// Changes a merchant's name or tax id (operators and admins), audited with before and after in
// the change's transaction. The tax id follows the creation's rules: a valid CNPJ, stored
// normalized, unique (another merchant's is a 409, decided by the unique index).
import "server-only";
import { type ChangeById, requirePermission } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { type MerchantDto, merchantAuditSnapshot, toMerchantDto } from "@/lib/merchants/merchant-dto";
import type { UpdateMerchantInput } from "@/lib/merchants/schemas";
import { asTaxIdTaken } from "@/lib/merchants/tax-id-taken";

export async function updateMerchant(options: ChangeById<UpdateMerchantInput>): Promise<MerchantDto> {
  const { caller, id, input } = options;
  requirePermission(caller, "merchants:write");
  try {
    const merchant = await db().$transaction(async (tx) => {
      const before = await tx.merchant.findUnique({ where: { id } });
      if (!before) throw notFound(`There is no merchant ${id}.`);
      const after = await tx.merchant.update({ where: { id }, data: { name: input.name, taxId: input.taxId } });
      await recordAuditEntry(tx, {
        caller,
        action: "merchant.update",
        targetId: id,
        before: merchantAuditSnapshot(before),
        after: merchantAuditSnapshot(after),
      });
      return after;
    });
    return toMerchantDto(merchant);
  } catch (error) {
    throw asTaxIdTaken(error, input.taxId);
  }
}
