// Credentials, newest first by default, filtered by merchant, provider, the acquirer's MID and TID
// (lifted columns, not the encrypted data) and enabled; secrets masked.
import "server-only";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { type CredentialDto, toCredentialDto } from "@/lib/credentials/credential-dto";
import type { ListCredentialsQuery } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";
import { keysetPage, type Page, prismaKeyset } from "@/lib/paging/keyset-page";

export async function listCredentials(options: { caller: Caller; query: ListCredentialsQuery }): Promise<Page<CredentialDto>> {
  const scope = tenantScope(options.caller, "read");
  const { merchantId, providerId, merchantIdentifier, terminalIdentifier, enabled, limit, cursor, sort } = options.query;
  const filters = {
    merchantId,
    providerId,
    enabled,
    acquirerMerchantIdentifier: merchantIdentifier,
    acquirerTerminalIdentifier: terminalIdentifier,
  };
  return keysetPage({
    list: "credentials",
    filters: { ...filters, ...scopeBinding(scope) },
    query: { limit, cursor, sort },
    fetch: (window) => {
      const keyset = prismaKeyset(window);
      return db().credential.findMany({
        // The scope ANDed with a merchantId filter: naming another merchant finds nothing.
        where: { AND: [filters, merchantWhere(scope), keyset.where] },
        orderBy: keyset.orderBy,
        take: window.take,
        include: { provider: true },
      });
    },
    present: (row) => toCredentialDto(row),
  });
}
