// GET /v1/event-types: the event types a webhook endpoint can receive, each with its payload's JSON Schema.
import { authedRoute, json, methods } from "@/lib/http/route";
import { listEventTypes } from "@/lib/openapi/list-event-types";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async () => json({ data: listEventTypes() })),
});
