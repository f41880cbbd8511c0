// GET /v1/webhook-deliveries/{id}: one delivery with every attempt.
import { authedRoute, json, methods } from "@/lib/http/route";
import { getWebhookDelivery } from "@/lib/webhooks/delivery/get-webhook-delivery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getWebhookDelivery({ caller, id: params.id }))),
});
