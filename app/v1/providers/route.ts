// GET /v1/providers: the acquirers a credential can link to, with their form fields.

import { z } from "zod";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods } from "@/lib/http/route";
import { listProviders } from "@/lib/providers/list-providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    readQuery(request, z.strictObject({}));
    return json({ data: await listProviders({ caller }) });
  }),
});
