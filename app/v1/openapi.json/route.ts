// GET /v1/openapi.json: the API's OpenAPI 3.1 document (public, cacheable).
import { json, methods, publicRoute } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: publicRoute(async () => json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } })),
});
