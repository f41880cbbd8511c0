// GET /v1/webhook-endpoints/{id}: one endpoint, secret masked. PATCH: change it.
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { updateWebhookEndpointBody } from "@/lib/webhooks/schemas";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getWebhookEndpoint({ caller, id: params.id }))),
  PATCH: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, updateWebhookEndpointBody);
    return json(await updateWebhookEndpoint({ caller, id: params.id, input }));
  }, WRITE),
});
