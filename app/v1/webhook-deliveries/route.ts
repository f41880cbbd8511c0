// GET /v1/webhook-deliveries: deliveries across endpoints, filtered (status, endpoint, merchant, event, time).
import { authedRoute, json, methods } from "@/lib/http/route";
import { listWebhookDeliveries } from "@/lib/webhooks/delivery/list-webhook-deliveries";
import { listWebhookDeliveriesQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async ({ caller, query }) => json(await listWebhookDeliveries({ caller, query })), {
    query: listWebhookDeliveriesQuery,
  }),
});
