// PATCH /v1/users/{id}: change a user's role, or disable or enable it.
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { updateUserBody } from "@/lib/users/schemas";
import { updateUserAccount } from "@/lib/users/user-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, updateUserBody);
    return json(await updateUserAccount({ caller, id: params.id, input }));
  }, WRITE),
});
