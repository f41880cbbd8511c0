// The health and readiness probes, in the route wrapper like every route (request id, access log,
// metrics, problem+json on failure). Served twice: by app/healthz and app/readyz, and by
// scripts/server.mjs before Next.js (instrumentation.ts hands them over through globalThis), so
// that a probe never queues behind the API's work: a burst of reads must not make a healthy
// instance look dead to its load balancer.
import { primaryAnswers } from "@/lib/db/client";
import { json, publicRoute, type RouteHandler } from "@/lib/http/route";

/** GET /healthz: the process is up (no database call). */
export const healthz: RouteHandler = publicRoute(
  async () => json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
  {
    query: null,
  },
);

/**
 * GET /readyz: the database answers, asked on the probe's own connection (lib/db/client.ts
 * primaryAnswers), which neither a burst of API reads nor the pipeline's work can take.
 */
export const readyz: RouteHandler = publicRoute(
  async () => {
    await primaryAnswers();
    return json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
  },
  { query: null },
);

/** The probes by path, as scripts/server.mjs looks them up on globalThis.__pic_probes. */
export const PROBES: Record<string, RouteHandler> = { "/healthz": healthz, "/readyz": readyz };
