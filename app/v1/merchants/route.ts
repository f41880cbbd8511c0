// GET /v1/merchants: list and search merchants. POST /v1/merchants: register one.
import { parseJson, readJsonText, validate } from "@/lib/http/body";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { withIdempotencyKey } from "@/lib/idempotency/idempotency-key";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { listMerchants } from "@/lib/merchants/list-merchants";
import { createMerchantBody, listMerchantsQuery } from "@/lib/merchants/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, listMerchantsQuery);
    return json(await listMerchants({ caller, query }));
  }),
  POST: authedRoute(async ({ request, caller }) => {
    const bodyText = await readJsonText(request);
    return withIdempotencyKey({ request, caller, bodyText, permission: "merchants:write" }, async () => {
      const merchant = await createMerchant({ caller, input: validate(createMerchantBody, parseJson(bodyText)) });
      return json(merchant, { status: 201, headers: { location: `/v1/merchants/${merchant.id}` } });
    });
  }, WRITE),
});
