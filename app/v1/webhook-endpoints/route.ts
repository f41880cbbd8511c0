// GET /v1/webhook-endpoints: list webhook endpoints, secrets masked. POST: register one.
import { createRoute, listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { createWebhookEndpoint } from "@/lib/webhooks/endpoints/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/endpoints/list-webhook-endpoints";
import { createWebhookEndpointBody, listWebhookEndpointsQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listWebhookEndpointsQuery, listWebhookEndpoints),
  POST: createRoute(createWebhookEndpointBody, createWebhookEndpoint, {
    permission: "webhooks:write",
    location: (endpoint) => `/v1/webhook-endpoints/${endpoint.id}`,
  }),
});
