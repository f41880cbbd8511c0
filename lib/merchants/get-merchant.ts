// One merchant by id; a malformed id is as unknown as a missing one (404).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { merchantRowWhere, tenantScope } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type MerchantDto, toMerchantDto } from "@/lib/merchants/merchant-dto";

export async function getMerchant(options: { caller: Caller; id: string }): Promise<MerchantDto> {
  const scope = tenantScope(options.caller, "read");
  // AND: a merchant account asking for another merchant finds none (404).
  const row = XID_PATTERN.test(options.id)
    ? await db().merchant.findFirst({ where: { AND: [{ id: options.id }, merchantRowWhere(scope)] } })
    : null;
  if (!row) throw notFound(`There is no merchant ${options.id}.`);
  return toMerchantDto(row);
}
