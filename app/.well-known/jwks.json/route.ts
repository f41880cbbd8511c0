// GET /.well-known/jwks.json: the public keys that verify our tokens.

import { json, methods, publicRoute } from "@/lib/http/route";
import { signingKeys } from "@/lib/tokens/signing-keys";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: publicRoute(
    async () => {
      const { publicJwks } = await signingKeys();
      return json({ keys: publicJwks }, { headers: { "cache-control": "public, max-age=300" } });
    },
    { query: null },
  ),
});
