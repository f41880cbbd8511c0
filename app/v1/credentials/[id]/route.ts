// GET /v1/credentials/{id}: one credential, secrets masked. PATCH: change it (JSON merge).
import { getCredential } from "@/lib/credentials/get-credential";
import { updateCredentialBody } from "@/lib/credentials/schemas";
import { updateCredential } from "@/lib/credentials/update-credential";
import { readJsonBody } from "@/lib/http/body";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute<{ id: string }>(async ({ caller, params }) => json(await getCredential({ caller, id: params.id }))),
  PATCH: authedRoute<{ id: string }>(async ({ request, caller, params }) => {
    const input = await readJsonBody(request, updateCredentialBody);
    return json(await updateCredential({ caller, id: params.id, input }));
  }, WRITE),
});
