// GET /readyz: the database answers.
import { db } from "@/lib/db/client";
import { json, methods, publicRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: publicRoute(
    async () => {
      await db().$queryRaw`SELECT 1`;
      return json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
    },
    { query: null },
  ),
});
