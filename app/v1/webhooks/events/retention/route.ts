// GET /v1/webhooks/events/retention: how many months of events are kept and the oldest instant
// still available.
import { getEventRetention } from "@/lib/events/retention/get-retention";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async ({ caller }) => json(getEventRetention({ caller }))),
});
