// Key rotation for stored secrets: re-encrypts every credential whose authenticationData is
// under an older key version with the active one (the first of ENCRYPTION_KEYS). Rows change
// one by one, each only if nobody changed it meanwhile; unreadable rows are reported, not lost.
import "server-only";
import { decryptAuthenticationData, encryptAuthenticationData } from "@/lib/credentials/stored-authentication-data";
import { type ReencryptionReport, reencryptRows } from "@/lib/crypto/reencrypt-rows";
import { db } from "@/lib/db/client";

export type { ReencryptionReport } from "@/lib/crypto/reencrypt-rows";

export function reencryptCredentials(options: { batchSize?: number } = {}): Promise<ReencryptionReport> {
  return reencryptRows({
    batchSize: options.batchSize,
    read: ({ afterId, take, active }) =>
      db().credential.findMany({
        where: { authenticationKeyVersion: { not: active }, id: { gt: afterId } },
        select: { id: true, authenticationCiphertext: true, authenticationKeyVersion: true },
        orderBy: { id: "asc" },
        take,
      }),
    reencrypt: async (row) => {
      const stored = decryptAuthenticationData(row);
      if (!stored.readable) return "unreadable";
      const { count } = await db().credential.updateMany({
        where: {
          id: row.id,
          authenticationKeyVersion: row.authenticationKeyVersion,
          authenticationCiphertext: row.authenticationCiphertext,
        },
        data: encryptAuthenticationData(row.id, stored.data),
      });
      return count;
    },
  });
}
