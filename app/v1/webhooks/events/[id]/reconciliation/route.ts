// GET /v1/webhooks/events/{id}/reconciliation: whether the event's payment was reconciled (another merchant's event is a 404).
import { getByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getEventReconciliation } from "@/lib/reconciliation/get-event-reconciliation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: getByIdRoute(getEventReconciliation) });
