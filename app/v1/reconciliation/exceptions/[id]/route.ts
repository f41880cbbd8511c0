// GET /v1/reconciliation/exceptions/{id}: one exception (another merchant's is a 404).
import { getByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getException } from "@/lib/reconciliation/get-exception";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: getByIdRoute(getException) });
