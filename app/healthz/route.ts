// GET /healthz: the process is up (no database call).
import { json, methods, publicRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: publicRoute(async () => json({ status: "ok" }, { headers: { "cache-control": "no-store" } }), { query: null }),
});
