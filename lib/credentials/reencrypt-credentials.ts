// Key rotation for stored secrets: re-encrypts every credential whose authenticationData is
// under an older key version with the active one (the first of ENCRYPTION_KEYS). Rows change
// one by one, each only if nobody changed it meanwhile; unreadable rows are reported, not lost.
import "server-only";
import { decryptAuthenticationData, encryptAuthenticationData } from "@/lib/credentials/stored-authentication-data";
import { activeKeyVersion } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";

export type ReencryptionReport = { reencrypted: number; unreadable: string[]; activeKeyVersion: number };

export async function reencryptCredentials(options: { batchSize?: number } = {}): Promise<ReencryptionReport> {
  const active = activeKeyVersion();
  const report: ReencryptionReport = { reencrypted: 0, unreadable: [], activeKeyVersion: active };
  let afterId = "";
  for (;;) {
    const rows = await db().credential.findMany({
      where: { authenticationKeyVersion: { not: active }, id: { gt: afterId } },
      select: { id: true, authenticationCiphertext: true, authenticationKeyVersion: true },
      orderBy: { id: "asc" },
      take: options.batchSize ?? 500,
    });
    if (rows.length === 0) return report;
    for (const row of rows) {
      const stored = decryptAuthenticationData(row);
      if (!stored.readable) {
        report.unreadable.push(row.id);
        continue;
      }
      const { count } = await db().credential.updateMany({
        where: {
          id: row.id,
          authenticationKeyVersion: row.authenticationKeyVersion,
          authenticationCiphertext: row.authenticationCiphertext,
        },
        data: encryptAuthenticationData(row.id, stored.data),
      });
      report.reencrypted += count;
    }
    afterId = rows[rows.length - 1]!.id;
  }
}
