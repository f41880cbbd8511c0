// GET /v1/stats/overview?period=24h|7d|30d: event counts for the dashboard's overview.
import { authedRoute, json, methods } from "@/lib/http/route";
import { getEventOverview, overviewQuery } from "@/lib/stats/event-overview";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async ({ caller, query }) => json(await getEventOverview({ caller, period: query.period })), {
    query: overviewQuery,
  }),
});
