// Key rotation for webhook signing secrets (`npm run secrets:reencrypt`, beside the credentials'):
// re-encrypts every endpoint whose secret, or previous secret, is under an older key version
// with the active one. Rows change one by one, each only if nobody changed it meanwhile (a
// rotate-secret racing the run keeps its new secret); unreadable rows are reported, not lost.
import "server-only";
import type { ReencryptionReport } from "@/lib/credentials/reencrypt-credentials";
import { activeKeyVersion, DecryptionError } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { openEndpointSecret, sealEndpointSecret } from "@/lib/webhooks/endpoint-secrets";

export async function reencryptWebhookSecrets(options: { batchSize?: number } = {}): Promise<ReencryptionReport> {
  const active = activeKeyVersion();
  const report: ReencryptionReport = { reencrypted: 0, unreadable: [], activeKeyVersion: active };
  let afterId = "";
  for (;;) {
    const rows = await db().webhookEndpoint.findMany({
      where: {
        id: { gt: afterId },
        OR: [
          { secretKeyVersion: { not: active } },
          { AND: [{ previousSecretKeyVersion: { not: null } }, { previousSecretKeyVersion: { not: active } }] },
        ],
      },
      select: {
        id: true,
        secretCiphertext: true,
        secretKeyVersion: true,
        previousSecretCiphertext: true,
        previousSecretKeyVersion: true,
      },
      orderBy: { id: "asc" },
      take: options.batchSize ?? 500,
    });
    if (rows.length === 0) return report;
    for (const row of rows) {
      let secret: string;
      let previous: string | null = null;
      try {
        secret = openEndpointSecret(row.id, row.secretCiphertext, row.secretKeyVersion);
        if (row.previousSecretCiphertext && row.previousSecretKeyVersion !== null)
          previous = openEndpointSecret(row.id, row.previousSecretCiphertext, row.previousSecretKeyVersion);
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        logger().error({ event: "webhook_secret_undecryptable", endpointId: row.id }, error.message);
        report.unreadable.push(row.id);
        continue;
      }
      const sealed = sealEndpointSecret(row.id, secret);
      const sealedPrevious = previous === null ? null : sealEndpointSecret(row.id, previous);
      const { count } = await db().webhookEndpoint.updateMany({
        where: {
          id: row.id,
          secretKeyVersion: row.secretKeyVersion,
          secretCiphertext: row.secretCiphertext,
          previousSecretCiphertext: row.previousSecretCiphertext,
        },
        data: {
          secretCiphertext: sealed.ciphertext,
          secretKeyVersion: sealed.keyVersion,
          ...(sealedPrevious
            ? { previousSecretCiphertext: sealedPrevious.ciphertext, previousSecretKeyVersion: sealedPrevious.keyVersion }
            : {}),
        },
      });
      report.reencrypted += count;
    }
    afterId = rows[rows.length - 1]!.id;
  }
}
