// GET /v1/webhook-recover-jobs/{id}: a recover job's progress.
import { authedRoute, json, methods } from "@/lib/http/route";
import { getRecoverJob } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getRecoverJob({ caller, id: params.id }))),
});
