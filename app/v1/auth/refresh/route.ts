// POST /v1/auth/refresh: spend a refresh token for a new token pair (no Authorization header).
import { refreshTokenBody } from "@/lib/auth/schemas";
import { refreshTokens } from "@/lib/auth/token-service";
import { readJsonBody } from "@/lib/http/body";
import { json, methods, publicRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: publicRoute(
    async ({ request }) => {
      const body = await readJsonBody(request, refreshTokenBody);
      const tokens = await refreshTokens({ refreshToken: body.refresh_token });
      return json(tokens, { headers: { "cache-control": "no-store", pragma: "no-cache" } });
    },
    { rateLimit: "token" },
  ),
});
