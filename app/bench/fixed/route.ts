// GET /bench/fixed?bytes=N: a fixed JSON body of N bytes with no database and no auth: the
// framework's own ceiling that `npm run bench` compares the events list against. Off (404)
// unless BENCH_ROUTES=true.
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

const bodies = new Map<number, string>();

function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    const padding = Math.max(0, bytes - '{"pad":""}'.length);
    body = `{"pad":"${"x".repeat(padding)}"}`;
    bodies.set(bytes, body);
  }
  return body;
}

export async function GET(request: Request): Promise<Response> {
  if (!env().benchRoutes) return new Response(null, { status: 404 });
  const bytes = Math.min(1_000_000, Math.max(0, Number(new URL(request.url).searchParams.get("bytes")) || 0));
  return new Response(bodyOf(bytes), { headers: { "content-type": "application/json" } });
}

/** POST /bench/fixed?bytes=N: reads the request body, answers 202 with a fixed body: ingestion's ceiling. */
export async function POST(request: Request): Promise<Response> {
  if (!env().benchRoutes) return new Response(null, { status: 404 });
  await request.text();
  const bytes = Math.min(1_000_000, Math.max(0, Number(new URL(request.url).searchParams.get("bytes")) || 0));
  return new Response(bodyOf(bytes), { status: 202, headers: { "content-type": "application/json" } });
}

/** OPTIONS, and the methods Next.js cannot serve (scripts/server.mjs): 405, as on every other route. */
export async function OPTIONS(): Promise<Response> {
  if (!env().benchRoutes) return new Response(null, { status: 404 });
  return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
}
