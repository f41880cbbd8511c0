// GET /v1/credentials/{id}: one credential, secrets masked. PATCH: change it (JSON merge).
import { getCredential } from "@/lib/credentials/get-credential";
import { updateCredentialBody } from "@/lib/credentials/schemas";
import { updateCredential } from "@/lib/credentials/update-credential";
import { getByIdRoute, patchByIdRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: getByIdRoute(getCredential),
  PATCH: patchByIdRoute(updateCredentialBody, updateCredential),
});
