// GET /v1/credentials: list credentials, secrets masked. POST /v1/credentials: create one.
import { createCredential } from "@/lib/credentials/create-credential";
import { listCredentials } from "@/lib/credentials/list-credentials";
import { createCredentialBody, listCredentialsQuery } from "@/lib/credentials/schemas";
import { createRoute, listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(listCredentialsQuery, listCredentials),
  POST: createRoute(createCredentialBody, createCredential, {
    permission: "credentials:write",
    location: (credential) => `/v1/credentials/${credential.id}`,
  }),
});
