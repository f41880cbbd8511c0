// POST /v1/webhooks/events/retry: retry every failed event matching the list's filters (a background job).
import { startBulkRetry } from "@/lib/events/retry/bulk-retry";
import { bulkRetryBody } from "@/lib/events/retry/bulk-retry-schemas";
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute(async ({ request, caller }) => {
    const { filters } = await readJsonBody(request, bulkRetryBody);
    const { job, created } = await startBulkRetry({ caller, filters });
    return json(job, { status: created ? 202 : 200, headers: { location: `/v1/event-retry-jobs/${job.id}` } });
  }, WRITE),
});
