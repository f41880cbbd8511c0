// POST /v1/auth: exchange a username and password for a token pair.
import { signInBody } from "@/lib/auth/schemas";
import { signIn } from "@/lib/auth/token-service";
import { readJsonBody } from "@/lib/http/body";
import { json, methods, publicRoute } from "@/lib/http/route";
import { clientAddress } from "@/lib/request/client-address";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: publicRoute(async ({ request }) => {
    const body = await readJsonBody(request, signInBody);
    const tokens = await signIn({ ...body, address: clientAddress(request) });
    return json(tokens, { headers: { "cache-control": "no-store", pragma: "no-cache" } });
  }),
});
