// GET /v1/webhook-endpoints: list webhook endpoints, secrets masked. POST: register one.
import { parseJson, readJsonText, validate } from "@/lib/http/body";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { withIdempotencyKey } from "@/lib/idempotency/idempotency-key";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { createWebhookEndpointBody, listWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, listWebhookEndpointsQuery);
    return json(await listWebhookEndpoints({ caller, query }));
  }),
  POST: authedRoute(async ({ request, caller }) => {
    const bodyText = await readJsonText(request);
    return withIdempotencyKey({ request, caller, bodyText, permission: "webhooks:write" }, async () => {
      const input = validate(createWebhookEndpointBody, parseJson(bodyText));
      const endpoint = await createWebhookEndpoint({ caller, input });
      return json(endpoint, { status: 201, headers: { location: `/v1/webhook-endpoints/${endpoint.id}` } });
    });
  }, WRITE),
});
