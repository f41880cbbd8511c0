// POST /v1/auth/password: change one's own password (current password required); every session
// of the account ends. The one route open to an account whose password must be changed.

import { changeOwnPassword } from "@/lib/auth/change-own-password";
import { changePasswordBody } from "@/lib/auth/schemas";
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods } from "@/lib/http/route";
import { clientAddress } from "@/lib/request/client-address";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute(
    async ({ request, caller }) => {
      const input = await readJsonBody(request, changePasswordBody);
      const result = await changeOwnPassword({ caller, input, address: clientAddress(request) });
      return json(result, { headers: { "cache-control": "no-store" } });
    },
    { rateLimit: "write", allowsPendingPasswordChange: true },
  ),
});
