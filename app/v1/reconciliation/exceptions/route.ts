// GET /v1/reconciliation/exceptions: what did not match, filtered by import, kind, merchant and state, paged.
import { listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { listExceptions } from "@/lib/reconciliation/list-exceptions";
import { listExceptionsQuery } from "@/lib/reconciliation/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: listRoute(listExceptionsQuery, listExceptions) });
