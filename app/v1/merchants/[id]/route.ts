// GET /v1/merchants/{id}: one merchant. PATCH: change its name or tax id (operators, audited).
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { getMerchant } from "@/lib/merchants/get-merchant";
import { updateMerchantBody } from "@/lib/merchants/schemas";
import { updateMerchant } from "@/lib/merchants/update-merchant";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getMerchant({ caller, id: params.id }))),
  PATCH: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, updateMerchantBody);
    return json(await updateMerchant({ caller, id: params.id, input }));
  }, WRITE),
});
