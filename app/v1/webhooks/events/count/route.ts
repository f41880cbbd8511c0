// GET /v1/webhooks/events/count: how many events the list's filters match (up to a cap).
import { countEventsQuery } from "@/lib/events/retry/bulk-retry-schemas";
import { countEvents } from "@/lib/events/retry/count-events";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async ({ caller, query }) => json(await countEvents({ caller, query })), { query: countEventsQuery }),
});
