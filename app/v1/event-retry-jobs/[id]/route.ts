// GET /v1/event-retry-jobs/{id}: a bulk retry's progress.
import { getRetryJob } from "@/lib/events/retry/bulk-retry";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getRetryJob({ caller, id: params.id }))),
});
