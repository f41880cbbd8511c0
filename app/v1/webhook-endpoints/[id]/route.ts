// GET /v1/webhook-endpoints/{id}: one endpoint, secret masked. PATCH: change it. DELETE: remove it.
import { getByIdRoute, patchByIdRoute } from "@/lib/http/resource-routes";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints/delete-webhook-endpoint";
import { getWebhookEndpoint } from "@/lib/webhooks/endpoints/get-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints/update-webhook-endpoint";
import { updateWebhookEndpointBody } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: getByIdRoute(getWebhookEndpoint),
  PATCH: patchByIdRoute(updateWebhookEndpointBody, updateWebhookEndpoint),
  DELETE: authedRoute<{ id: string }>(
    async ({ caller, params }) => json(await deleteWebhookEndpoint({ caller, id: params.id })),
    WRITE,
  ),
});
