// The alerts' operations: the list and the acknowledgement.
import "server-only";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { listAlertsQuery } from "@/lib/alerts/schemas";
import { listOperation, XID } from "@/lib/openapi/declaration-builders";
import type { OperationDeclaration } from "@/lib/openapi/operations";

export const ALERT_OPERATIONS: OperationDeclaration[] = [
  listOperation({
    path: "/v1/alerts",
    operationId: "listAlerts",
    summary: "List open and past alerts",
    description:
      "Every role that reads; a merchant account sees only its merchant's alerts (its failure rate, silence, terminals " +
      "and endpoints). An alert opens once per kind and subject while its condition holds and resolves by itself " +
      '(docs/operations.md, "Alerts"). Endpoints whose event types name alert.opened or alert.resolved receive them ' +
      "as signed webhooks.",
    tag: "Alerts",
    query: listAlertsQuery,
    filters: ALERT_FILTER_TABLE,
    page: { description: "A page of alerts.", body: "AlertPage" },
  }),
  {
    method: "post",
    path: "/v1/alerts/{id}/acknowledge",
    operationId: "acknowledgeAlert",
    rateLimit: "write",
    summary: "Acknowledge an alert",
    description:
      "Operators and admins; audited (alert.acknowledge). Says someone is on it: the alert stays until its condition " +
      "ends. Acknowledging again answers the alert unchanged.",
    tag: "Alerts",
    auth: "bearer",
    pathParameters: { id: XID },
    success: { 200: { description: "The alert, acknowledged.", body: "Alert" } },
    problems: { 404: { codes: ["not_found"] } },
  },
];
