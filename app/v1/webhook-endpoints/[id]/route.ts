// GET /v1/webhook-endpoints/{id}: one endpoint, secret masked. PATCH: change it.
import { getByIdRoute, patchByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { updateWebhookEndpointBody } from "@/lib/webhooks/schemas";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: getByIdRoute(getWebhookEndpoint),
  PATCH: patchByIdRoute(updateWebhookEndpointBody, updateWebhookEndpoint),
});
