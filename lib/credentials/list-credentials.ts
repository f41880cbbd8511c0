// Credentials, newest first by default, filtered by merchant, provider, the acquirer's MID and TID
// (lifted columns, not the encrypted data) and enabled; secrets masked.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { type CredentialDto, toCredentialDto } from "@/lib/credentials/credential-dto";
import type { ListCredentialsQuery } from "@/lib/credentials/schemas";
import { db } from "@/lib/db/client";
import { afterPosition, cursorBinding, decodeCursor, orderByPosition, type Page, toPage } from "@/lib/http/pagination";

export async function listCredentials(options: { caller: Caller; query: ListCredentialsQuery }): Promise<Page<CredentialDto>> {
  requirePermission(options.caller, "read");
  const { merchantId, providerId, merchantIdentifier, terminalIdentifier, enabled, limit, cursor, sort } = options.query;
  const filters = {
    merchantId,
    providerId,
    enabled,
    acquirerMerchantIdentifier: merchantIdentifier,
    acquirerTerminalIdentifier: terminalIdentifier,
  };
  const binding = cursorBinding("credentials", { ...filters, sort });
  const position = cursor ? decodeCursor(cursor, binding) : undefined;
  const rows = await db().credential.findMany({
    where: { ...filters, ...afterPosition(position, sort) },
    orderBy: orderByPosition(sort),
    take: limit + 1,
    include: { provider: true },
  });
  return toPage(rows, { limit, binding, positionOf: (row) => row, present: (row) => toCredentialDto(row) });
}
