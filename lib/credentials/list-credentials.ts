// Credentials, newest first by default, filtered as credential-filter-table.ts declares; secrets masked.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { type CredentialDto, toCredentialDto } from "@/lib/credentials/credential-dto";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import type { ListCredentialsQuery } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";

export async function listCredentials(options: { caller: Caller; query: ListCredentialsQuery }): Promise<Page<CredentialDto>> {
  const scope = tenantScope(options.caller, "read");
  const find = (read: PageRead<Prisma.CredentialWhereInput>) =>
    db().credential.findMany({ ...read, include: { provider: true } });
  return filteredKeysetPage({
    list: "credentials",
    table: CREDENTIAL_FILTER_TABLE,
    query: options.query,
    // The scope ANDed with a merchantId filter: naming another merchant finds nothing.
    scope: merchantWhere(scope),
    scopeBinding: scopeBinding(scope),
    find,
    present: (row) => toCredentialDto(row),
  });
}
