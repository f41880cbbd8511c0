// GET /v1/credentials: list credentials, secrets masked. POST /v1/credentials: create one.
import { createCredential } from "@/lib/credentials/create-credential";
import { listCredentials } from "@/lib/credentials/list-credentials";
import { createCredentialBody, listCredentialsQuery } from "@/lib/credentials/schemas";
import { parseJson, readJsonText, validate } from "@/lib/http/body";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";
import { withIdempotencyKey } from "@/lib/idempotency/idempotency-key";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, listCredentialsQuery);
    return json(await listCredentials({ caller, query }));
  }),
  POST: authedRoute(async ({ request, caller }) => {
    const bodyText = await readJsonText(request);
    return withIdempotencyKey({ request, caller, bodyText, permission: "credentials:write" }, async () => {
      const credential = await createCredential({ caller, input: validate(createCredentialBody, parseJson(bodyText)) });
      return json(credential, { status: 201, headers: { location: `/v1/credentials/${credential.id}` } });
    });
  }, WRITE),
});
