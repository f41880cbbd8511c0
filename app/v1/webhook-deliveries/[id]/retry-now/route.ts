// POST /v1/webhook-deliveries/{id}/retry-now: a pending delivery waiting for a retry is due now.
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { retryWebhookDeliveryNow } from "@/lib/webhooks/delivery/retry-webhook-delivery-now";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(
    async ({ caller, params }) => json(await retryWebhookDeliveryNow({ caller, id: params.id }), { status: 202 }),
    WRITE,
  ),
});
