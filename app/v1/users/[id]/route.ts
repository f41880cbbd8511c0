// PATCH /v1/users/{id}: change a user's role, or disable or enable it.
import { patchByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";
import { updateUserBody } from "@/lib/users/schemas";
import { updateUserAccount } from "@/lib/users/user-accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: patchByIdRoute(updateUserBody, updateUserAccount),
});
