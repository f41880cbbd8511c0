// POST /v1/webhook-deliveries/{id}/resend: deliver again now, same webhook-id.
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { resendWebhookDelivery } from "@/lib/webhooks/delivery/resend-webhook-delivery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(
    async ({ caller, params }) => json(await resendWebhookDelivery({ caller, id: params.id }), { status: 202 }),
    WRITE,
  ),
});
