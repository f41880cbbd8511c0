// Registers a merchant's webhook receiver (operators, admins and the merchant's own account):
// POST /v1/webhook-endpoints. The signing secret is generated here and answered once; reads mask
// it. The row records whether staff set the URL: only then may it be an allow-listed address.
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { createAudited } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { endpointPolicy } from "@/lib/webhooks/egress/address-policy";
import { endpointAuditSnapshot, toWebhookEndpointDto, type WebhookEndpointDto } from "@/lib/webhooks/endpoints/endpoint-dto";
import { sealEndpointSecret } from "@/lib/webhooks/endpoints/endpoint-secrets";
import { checkEndpointUrl } from "@/lib/webhooks/endpoints/endpoint-url";
import { requireEndpointWrite, staffCaller } from "@/lib/webhooks/endpoints/endpoint-write-scope";
import type { CreateWebhookEndpointInput } from "@/lib/webhooks/schemas";
import { generateWebhookSecret } from "@/lib/webhooks/signing";

export async function createWebhookEndpoint(options: {
  caller: Caller;
  input: CreateWebhookEndpointInput;
}): Promise<WebhookEndpointDto> {
  const { caller, input } = options;
  requireEndpointWrite(caller, input);
  const urlSetByStaff = staffCaller(caller);
  const url = await checkEndpointUrl(input.url, endpointPolicy(urlSetByStaff));
  const merchant = await db().merchant.findUnique({ where: { id: input.merchantId }, select: { id: true } });
  if (!merchant) {
    throw unprocessable("merchant_not_found", `There is no merchant ${input.merchantId}.`, [
      { field: "merchantId", message: "is not a known merchant" },
    ]);
  }
  const id = newId();
  const secret = generateWebhookSecret();
  const sealed = sealEndpointSecret(id, secret);
  const row = await createAudited({
    caller,
    action: "webhook_endpoint.create",
    create: (tx) =>
      tx.webhookEndpoint.create({
        data: {
          id,
          merchantId: merchant.id,
          url,
          urlSetByStaff,
          description: input.description,
          eventTypes: [...new Set(input.eventTypes)],
          enabled: input.enabled,
          rateLimit: input.rateLimit,
          allAlerts: input.allAlerts,
          secretCiphertext: sealed.ciphertext,
          secretKeyVersion: sealed.keyVersion,
        },
      }),
    snapshot: endpointAuditSnapshot,
  });
  return toWebhookEndpointDto(row, secret);
}
