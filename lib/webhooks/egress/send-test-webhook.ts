// POST /v1/webhook-endpoints/{id}/test (operators, admins and the merchant's own account): one
// signed webhook.test delivery sent now, outside the queue, under the endpoint's address policy,
// its outcome answered inline (nothing retried, no delivery stored; the audit trail keeps who
// sent it and what came back, the full error class included).
//
// To anyone but staff the answer never says more than "could not connect" when no HTTP answer
// came back: dns, connection_refused, timeout, tls, connection_error, protocol_error and
// address_refused are all connection_failed. Told apart, they make the test send a port scanner
// (refused, filtered and open-but-not-HTTP ports answer differently); staff keep the detail.
import "server-only";
import { z } from "zod";
import type { Caller } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { responseExcerptSchema } from "@/lib/webhooks/delivery/delivery-schema";
import { endpointPolicy } from "@/lib/webhooks/egress/address-policy";
import { type AttemptOutcome, sendWebhook } from "@/lib/webhooks/egress/send-webhook";
import { signingSecrets } from "@/lib/webhooks/endpoints/endpoint-secrets";
import { findEndpointToChange, staffCaller } from "@/lib/webhooks/endpoints/endpoint-write-scope";
import { signatureHeader } from "@/lib/webhooks/signing";

export const testWebhookResultSchema = z.strictObject({
  webhookId: z.string(),
  ok: z.boolean().describe("true when the receiver answered 2xx within the timeout"),
  statusCode: z.int().nullable(),
  errorClass: z
    .string()
    .nullable()
    .describe(
      "null on success; else as a delivery attempt's (timeout, dns, tls, connection_refused, connection_error, " +
        "protocol_error, non_2xx, address_refused). A merchant account is told connection_failed for every outcome " +
        "without an HTTP answer",
    ),
  durationMs: z.int().nonnegative(),
  responseBody: responseExcerptSchema,
});
export type TestWebhookResult = z.output<typeof testWebhookResultSchema>;

/** The error class the caller is told: without an HTTP answer, only staff learn why. */
function shownErrorClass(caller: Caller, outcome: AttemptOutcome): string | null {
  if (outcome.errorClass === null || outcome.statusCode !== null || staffCaller(caller)) return outcome.errorClass;
  return "connection_failed";
}

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
    policy: endpointPolicy(endpoint.urlSetByStaff),
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
    errorClass: shownErrorClass(options.caller, outcome),
    durationMs: outcome.durationMs,
    responseBody: outcome.responseBody,
  };
}
