// GET /v1/webhooks/events: list events, filtered and paged.
// POST /v1/webhooks/events: ingest a payment notification (roles ingest, admin).
import { eventDataSchema } from "@/lib/events/data-schema";
import { listEventsQuery } from "@/lib/events/event-contract";
import { ingestEvent } from "@/lib/events/ingest/ingest-event";
import { listEvents } from "@/lib/events/list/list-events";
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, INGESTION, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(
    async ({ caller, query }) =>
      new Response(await listEvents({ caller, query }), { headers: { "content-type": "application/json" } }),
    { query: listEventsQuery },
  ),
  POST: authedRoute(async ({ request, caller }) => {
    const data = await readJsonBody(request, eventDataSchema);
    const result = await ingestEvent({ caller, data });
    return new Response(result.json, {
      status: result.created ? 202 : 200,
      headers: { "content-type": "application/json", location: `/v1/webhooks/events/${result.id}` },
    });
  }, INGESTION),
});
