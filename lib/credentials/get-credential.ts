// One credential by id, secrets masked; a malformed id is as unknown as a missing one (404).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { merchantWhere, tenantScope } from "@/lib/access/tenant-scope";
import { type CredentialDto, toCredentialDto } from "@/lib/credentials/credential-dto";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";

export async function getCredential(options: { caller: Caller; id: string }): Promise<CredentialDto> {
  const scope = tenantScope(options.caller, "read");
  const row = XID_PATTERN.test(options.id)
    ? await db().credential.findFirst({ where: { id: options.id, ...merchantWhere(scope) }, include: { provider: true } })
    : null;
  if (!row) throw notFound(`There is no credential ${options.id}.`);
  return toCredentialDto(row);
}
