// Credentials, newest first by default, filtered as credential-filter-table.ts declares; secrets masked.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { type CredentialDto, toCredentialDto } from "@/lib/credentials/credential-dto";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import type { ListCredentialsQuery } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";
import { filterConditions, filterValues } from "@/lib/paging/list-filter-table";

export async function listCredentials(options: { caller: Caller; query: ListCredentialsQuery }): Promise<Page<CredentialDto>> {
  requirePermission(options.caller, "read");
  const { limit, cursor, sort } = options.query;
  const filters = filterConditions(CREDENTIAL_FILTER_TABLE, options.query);
  return keysetPage({
    list: "credentials",
    filters: filterValues(CREDENTIAL_FILTER_TABLE, options.query),
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().credential.findMany({
        where: { AND: [...filters, keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
        include: { provider: true },
      });
    },
    present: (row) => toCredentialDto(row),
  });
}
