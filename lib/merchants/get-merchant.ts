// One merchant by id; a malformed id is as unknown as a missing one (404).
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type MerchantDto, toMerchantDto } from "@/lib/merchants/merchant-dto";

export async function getMerchant(options: { caller: Caller; id: string }): Promise<MerchantDto> {
  requirePermission(options.caller, "read");
  const row = XID_PATTERN.test(options.id) ? await db().merchant.findUnique({ where: { id: options.id } }) : null;
  if (!row) throw notFound(`There is no merchant ${options.id}.`);
  return toMerchantDto(row);
}
