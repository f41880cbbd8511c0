// POST /v1/auth/revoke: end a refresh token's family (logout).
import { refreshTokenBody } from "@/lib/auth/schemas";
import { revokeTokens } from "@/lib/auth/token-service";
import { readJsonBody } from "@/lib/http/body";
import { json, methods, publicRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: publicRoute(
    async ({ request }) => {
      const body = await readJsonBody(request, refreshTokenBody);
      await revokeTokens({ refreshToken: body.refresh_token });
      return json({ revoked: true }, { headers: { "cache-control": "no-store" } });
    },
    { rateLimit: "token" },
  ),
});
