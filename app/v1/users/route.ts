// GET /v1/users: list user accounts. POST /v1/users: create one (its password is answered once).
import { createRoute, listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { createUserBody, listUsersQuery } from "@/lib/users/schemas";
import { createUserAccount, listUserAccounts } from "@/lib/users/user-accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listUsersQuery, listUserAccounts),
  POST: createRoute(createUserBody, createUserAccount, {
    permission: "users:manage",
    location: (created) => `/v1/users/${created.user.id}`,
    // The answer holds the new password: no cache may keep it.
    headers: { "cache-control": "no-store" },
  }),
});
