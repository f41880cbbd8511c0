// GET /v1/alerts: open and recent alerts, filtered by state, kind and period, paged.
import { listAlerts } from "@/lib/alerts/list-alerts";
import { listAlertsQuery } from "@/lib/alerts/schemas";
import { listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listAlertsQuery, listAlerts),
});
