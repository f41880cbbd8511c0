// POST /v1/webhook-endpoints/{id}/test (operators and admins): one signed webhook.test delivery
// sent now, outside the queue, its outcome answered inline (nothing retried, no delivery stored;
// the audit trail keeps who sent it and what came back).
import "server-only";
import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Caller } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { responseExcerptSchema } from "@/lib/webhooks/delivery-schema";
import { signingSecrets } from "@/lib/webhooks/endpoint-secrets";
import { findEndpointToChange } from "@/lib/webhooks/endpoint-write-scope";
import { sendWebhook } from "@/lib/webhooks/send-webhook";
import { signatureHeader } from "@/lib/webhooks/signing";

export const testWebhookResultSchema = z.strictObject({
  webhookId: z.string(),
  ok: z.boolean().describe("true when the receiver answered 2xx within the timeout"),
  statusCode: z.int().nullable(),
  errorClass: z.string().nullable(),
  durationMs: z.int().nonnegative(),
  responseBody: responseExcerptSchema,
});
export type TestWebhookResult = z.output<typeof testWebhookResultSchema>;

export async function sendTestWebhook(options: { caller: Caller; id: string }): Promise<TestWebhookResult> {
  const { before: endpoint } = await findEndpointToChange(options.caller, options.id);
  const now = new Date();
  const webhookId = `msg_test_${newId()}`;
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    id: webhookId.slice(4),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    type: "webhook.test",
    status: "processed",
    data: { endpointId: endpoint.id, merchantId: endpoint.merchantId, test: true },
  });
  const outcome = await sendWebhook({
    url: endpoint.url,
    body,
    timeoutMs: env().webhooks.timeoutMs,
    headers: {
      "webhook-id": webhookId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader(signingSecrets(endpoint, now), webhookId, timestamp, body),
    },
  });
  // Audited after the send, with its outcome: a test reaches the merchant's receiver as a real one does.
  await recordAuditEntry(db(), {
    caller: options.caller,
    action: "webhook_endpoint.test",
    targetId: endpoint.id,
    after: { webhookId, ok: outcome.ok, statusCode: outcome.statusCode, errorClass: outcome.errorClass },
  });
  return {
    webhookId,
    ok: outcome.ok,
    statusCode: outcome.statusCode,
    errorClass: outcome.errorClass,
    durationMs: outcome.durationMs,
    responseBody: outcome.responseBody,
  };
}
