// GET /v1/merchants/{id}: one merchant.
import { authedRoute, json, methods } from "@/lib/http/route";
import { getMerchant } from "@/lib/merchants/get-merchant";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getMerchant({ caller, id: params.id }))),
});
