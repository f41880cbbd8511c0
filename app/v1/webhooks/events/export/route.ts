// GET /v1/webhooks/events/export: the events of a filter (the list's parameters, without
// cursor and limit) as a streamed CSV file.
import { exportEvents, exportEventsQuery } from "@/lib/events/list/export-events";
import { authedRoute, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(
    async ({ caller, query }) => {
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
      return new Response(await exportEvents({ caller, query }), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="events-${stamp}Z.csv"`,
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
    },
    { rateLimit: "export", query: exportEventsQuery },
  ),
});
