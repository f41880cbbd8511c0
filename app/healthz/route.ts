// GET /healthz: the process is up (no database call). scripts/server.mjs answers it before
// Next.js with the same handler (lib/http/probes.ts); this route serves the other methods and
// a server started without it.
import { healthz } from "@/lib/http/probes";
import { methods } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: healthz });
