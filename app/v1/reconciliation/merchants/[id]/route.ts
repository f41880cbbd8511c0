// GET /v1/reconciliation/merchants/{id}: a merchant's matched sales and open exceptions (another merchant's is a 404).
import { getByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getMerchantReconciliation } from "@/lib/reconciliation/get-merchant-reconciliation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: getByIdRoute(getMerchantReconciliation) });
