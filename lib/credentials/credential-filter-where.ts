// The condition of each credentials filter on the list's Prisma where: the server's half of
// credential-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import type { FilterWhere } from "@/lib/paging/filtered-page";

/** The acquirer's ids by their beginning, in any case (Prisma: ILIKE 'text%', the text's % and _ literal). */
const startsWith = (text: string) => ({ startsWith: text.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const });

export const CREDENTIAL_FILTER_WHERE = {
  id: (id) => ({ id }),
  merchantId: (merchantId) => ({ merchantId }),
  providerId: (providerId) => ({ providerId }),
  merchantIdentifier: (text) => ({ acquirerMerchantIdentifier: startsWith(text) }),
  terminalIdentifier: (text) => ({ acquirerTerminalIdentifier: startsWith(text) }),
  enabled: (enabled) => ({ enabled }),
} satisfies FilterWhere<typeof CREDENTIAL_FILTER_TABLE, Prisma.CredentialWhereInput>;
