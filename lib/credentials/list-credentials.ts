// Credentials, newest first by default, filtered as credential-filter-table.ts declares
// (credential-filter-where.ts's conditions); secrets masked.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { merchantWhere } from "@/lib/access/tenant-scope";
import { toCredentialDto } from "@/lib/credentials/credential-dto";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { CREDENTIAL_FILTER_WHERE } from "@/lib/credentials/credential-filter-where";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";

export const listCredentials = tenantList("credentials", CREDENTIAL_FILTER_TABLE, {
  where: CREDENTIAL_FILTER_WHERE,
  // The scope ANDed with a merchantId filter: naming another merchant finds nothing.
  scope: merchantWhere,
  find: (read: PageRead<Prisma.CredentialWhereInput>) => db().credential.findMany({ ...read, include: { provider: true } }),
  present: (row) => toCredentialDto(row),
});
