// Key rotation for webhook signing secrets (`npm run secrets:reencrypt`, beside the credentials'):
// re-encrypts every endpoint whose secret, or previous secret, is under an older key version
// with the active one. Rows change one by one, each only if nobody changed it meanwhile (a
// rotate-secret racing the run keeps its new secret); unreadable rows are reported, not lost.
import "server-only";
import { type ReencryptionReport, reencryptRows } from "@/lib/crypto/reencrypt-rows";
import { DecryptionError } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { openEndpointSecret, sealEndpointSecret } from "@/lib/webhooks/endpoints/endpoint-secrets";

export function reencryptWebhookSecrets(options: { batchSize?: number } = {}): Promise<ReencryptionReport> {
  return reencryptRows({
    batchSize: options.batchSize,
    read: ({ afterId, take, active }) =>
      db().webhookEndpoint.findMany({
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
        take,
      }),
    reencrypt: async (row) => {
      let secret: string;
      let previous: string | null = null;
      try {
        secret = openEndpointSecret(row.id, row.secretCiphertext, row.secretKeyVersion);
        if (row.previousSecretCiphertext && row.previousSecretKeyVersion !== null)
          previous = openEndpointSecret(row.id, row.previousSecretCiphertext, row.previousSecretKeyVersion);
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        logger().error({ event: "webhook_secret_undecryptable", endpointId: row.id }, error.message);
        return "unreadable";
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
      return count;
    },
  });
}
