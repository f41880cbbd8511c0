// POST /v1/webhook-endpoints/{id}/rotate-secret: a new signing secret, answered once.
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints/rotate-webhook-secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(
    async ({ caller, params }) => json(await rotateWebhookSecret({ caller, id: params.id })),
    WRITE,
  ),
});
