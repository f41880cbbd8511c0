// POST /v1/webhooks/events/{id}/retry: process a failed event again (operators).
import { retryEvent } from "@/lib/events/retry/retry-event";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(async ({ caller, params }) => json(await retryEvent({ caller, id: params.id })), WRITE),
});
