// GET /v1/users: list user accounts. POST /v1/users: create one (its password is answered once).
import { parseJson, readJsonText, validate } from "@/lib/http/body";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { withIdempotencyKey } from "@/lib/idempotency/idempotency-key";
import { createUserBody, listUsersQuery } from "@/lib/users/schemas";
import { createUserAccount, listUserAccounts } from "@/lib/users/user-accounts";

const noStore = { "cache-control": "no-store" };

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, listUsersQuery);
    return json(await listUserAccounts({ caller, query }));
  }),
  POST: authedRoute(async ({ request, caller }) => {
    const bodyText = await readJsonText(request);
    return withIdempotencyKey({ request, caller, bodyText, permission: "users:manage" }, async () => {
      const created = await createUserAccount({ caller, input: validate(createUserBody, parseJson(bodyText)) });
      return json(created, { status: 201, headers: { location: `/v1/users/${created.user.id}`, ...noStore } });
    });
  }, WRITE),
});
