// GET /v1/reconciliation/imports/{id}: one import, with its progress while it is read.
import { getByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getImport } from "@/lib/reconciliation/get-import";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: getByIdRoute(getImport) });
