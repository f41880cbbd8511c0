// POST /v1/webhook-endpoints/{id}/test: send a signed webhook.test now and answer the outcome.
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { sendTestWebhook } from "@/lib/webhooks/egress/send-test-webhook";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(async ({ caller, params }) => json(await sendTestWebhook({ caller, id: params.id })), WRITE),
});
