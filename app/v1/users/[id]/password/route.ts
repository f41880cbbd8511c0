// POST /v1/users/{id}/password: give a user a new random password (answered once).
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { resetUserAccountPassword } from "@/lib/users/user-accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(
    async ({ caller, params }) =>
      json(await resetUserAccountPassword({ caller, id: params.id }), { headers: { "cache-control": "no-store" } }),
    WRITE,
  ),
});
