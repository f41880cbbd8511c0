// GET /v1/merchants/{id}: one merchant. PATCH: change its name or tax id (operators, audited).
import { getByIdRoute, patchByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { getMerchant } from "@/lib/merchants/get-merchant";
import { updateMerchantBody } from "@/lib/merchants/schemas";
import { updateMerchant } from "@/lib/merchants/update-merchant";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: getByIdRoute(getMerchant),
  PATCH: patchByIdRoute(updateMerchantBody, updateMerchant),
});
