// The delivery queue's second step: attemptDelivery signs one claimed delivery (Standard Webhooks
// headers, with the endpoint's secrets) and POSTs it (lib/webhooks/egress/send-webhook.ts: no redirects, bounded body
// and time) under the endpoint's address policy (the allow-list only for a URL staff set);
// record-attempt.ts stores the outcome.
import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-deliveries";
import { inRequestSpan } from "@/lib/webhooks/delivery/delivery-spans";
import { endpointPolicy } from "@/lib/webhooks/egress/address-policy";
import { type AttemptOutcome, sendWebhook } from "@/lib/webhooks/egress/send-webhook";
import { signingSecrets } from "@/lib/webhooks/endpoints/endpoint-secrets";
import { signatureHeader } from "@/lib/webhooks/signing";

/** The webhook-id header of a delivery: the same on every attempt. */
export const webhookId = (deliveryId: string) => `msg_${deliveryId}`;

/** An attempt's outcome, when it started and the signature header it sent (kept with the attempt). */
export type SentAttempt = AttemptOutcome & { startedAt: Date; signature?: string | null };

export async function attemptDelivery(delivery: ClaimedDelivery): Promise<SentAttempt> {
  const startedAt = new Date();
  const id = webhookId(delivery.id);
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  let secrets: string[];
  try {
    secrets = signingSecrets({ ...delivery, id: delivery.endpointId }, startedAt);
  } catch (error) {
    logger().error({ endpointId: delivery.endpointId, err: { name: (error as Error).name } }, "webhook secret unreadable");
    return { ok: false, statusCode: null, errorClass: "connection_error", responseBody: null, durationMs: 0, startedAt };
  }
  const signature = signatureHeader(secrets, id, timestamp, delivery.body);
  const outcome = await inRequestSpan(delivery.url, (traceHeaders) =>
    sendWebhook({
      url: delivery.url,
      body: delivery.body,
      timeoutMs: env().webhooks.timeoutMs,
      policy: endpointPolicy(delivery.urlSetByStaff),
      headers: {
        ...traceHeaders,
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signature,
      },
    }),
  );
  return { ...outcome, startedAt, signature };
}
