// GET /v1/providers: the acquirers a credential can link to, with their form fields.

import { authedRoute, json, methods } from "@/lib/http/route";
import { listProviders } from "@/lib/providers/list-providers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: authedRoute(async ({ caller }) => json({ data: await listProviders({ caller }) })),
});
