// POST /v1/webhook-endpoints/{id}/rotate-secret: a new signing secret, answered once. The old
// one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_SECONDS (24 h), so receivers can switch.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { endpointAuditSnapshot, toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { sealEndpointSecret } from "@/lib/webhooks/endpoints/endpoint-secrets";
import { findEndpointToChange } from "@/lib/webhooks/endpoints/endpoint-write-scope";
import { generateWebhookSecret } from "@/lib/webhooks/signing";

export async function rotateWebhookSecret(options: { caller: Caller; id: string }): Promise<WebhookEndpointDto> {
  const { caller } = options;
  const { before, where } = await findEndpointToChange(caller, options.id);
  const secret = generateWebhookSecret();
  const sealed = sealEndpointSecret(before.id, secret);
  const now = new Date();
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.webhookEndpoint.update({
      where,
      data: {
        secretCiphertext: sealed.ciphertext,
        secretKeyVersion: sealed.keyVersion,
        previousSecretCiphertext: before.secretCiphertext,
        previousSecretKeyVersion: before.secretKeyVersion,
        previousSecretExpiresAt: new Date(now.getTime() + env().webhooks.secretOverlapSeconds * 1000),
        secretRotatedAt: now,
      },
    });
    await recordAuditEntry(tx, {
      caller,
      action: "webhook_endpoint.rotate_secret",
      targetId: before.id,
      before: endpointAuditSnapshot(before),
      after: endpointAuditSnapshot(updated),
    });
    return updated;
  });
  return toWebhookEndpointDto(row, secret);
}
