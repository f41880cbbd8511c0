// GET /v1/merchants: list and search merchants. POST /v1/merchants: register one.
import { createRoute, listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { listMerchants } from "@/lib/merchants/list-merchants";
import { createMerchantBody, listMerchantsQuery } from "@/lib/merchants/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listMerchantsQuery, listMerchants),
  POST: createRoute(createMerchantBody, createMerchant, {
    permission: "merchants:write",
    location: (merchant) => `/v1/merchants/${merchant.id}`,
  }),
});
