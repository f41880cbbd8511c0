// DELETE /v1/merchants/{id}/portal-sessions/{sessionId}: end a portal session (its link or the
// session it opened; operators and admins; audited).
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { revokePortalSession } from "@/lib/portal/revoke-portal-session";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: authedRoute<{ id: string; sessionId: string }>(
    async ({ caller, params }) => json(await revokePortalSession({ caller, merchantId: params.id, id: params.sessionId })),
    WRITE,
  ),
});
