// POST /v1/merchants/{id}/portal-sessions: a one-time link opening the merchant's portal
// (operators and admins; audited). The answer holds the link: never cached.
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { createPortalSession } from "@/lib/portal/create-portal-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(
    async ({ caller, params }) =>
      json(await createPortalSession({ caller, merchantId: params.id }), {
        status: 201,
        headers: { "cache-control": "no-store" },
      }),
    WRITE,
  ),
});
