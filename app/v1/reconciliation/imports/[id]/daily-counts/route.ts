// GET /v1/reconciliation/imports/{id}/daily-counts: the import's matched sales and exceptions per merchant and day.
import { getByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { countImportDays } from "@/lib/reconciliation/count-import-days";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: getByIdRoute(countImportDays) });
