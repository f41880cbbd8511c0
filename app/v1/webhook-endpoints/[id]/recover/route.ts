// POST /v1/webhook-endpoints/{id}/recover: resend every failed delivery since a time (a background job).
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { recoverWebhookEndpoint } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";
import { recoverWebhookEndpointBody } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const { since } = await readJsonBody(request, recoverWebhookEndpointBody);
    const { job } = await recoverWebhookEndpoint({ caller, id: params.id, since });
    return json(job, { status: 202, headers: { location: `/v1/webhook-recover-jobs/${job.id}` } });
  }, WRITE),
});
