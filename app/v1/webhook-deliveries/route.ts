// GET /v1/webhook-deliveries: deliveries across endpoints, filtered (status, endpoint, merchant, event, time).
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods } from "@/lib/http/route";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookDeliveriesQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, listWebhookDeliveriesQuery);
    return json(await listWebhookDeliveries({ caller, query }));
  }),
});
