// GET /v1/webhooks/events/{id}: one event with its failure reason and processing attempts.
import { getEvent } from "@/lib/events/list/get-event";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getEvent({ caller, id: params.id }))),
});
