// GET /v1/stats/overview?period=24h|7d|30d: event counts for the dashboard's overview.
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods } from "@/lib/http/route";
import { getEventOverview, overviewQuery } from "@/lib/stats/event-overview";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const { period } = readQuery(request, overviewQuery);
    return json(await getEventOverview({ caller, period }));
  }),
});
