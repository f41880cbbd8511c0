// A `fetch` that answers API requests (/v1, health, keys) by calling the route files' handlers in this process, as
// Next's router would (a literal segment wins over [id], which wins over [...unknown]; params
// decoded), so that the fuzzer can run without `next build` (`npm run fuzz -- --in-process`).
// The process must have the server's environment (DATABASE_URL, secrets) before the first call.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteHandler } from "@/lib/http/route";

type Route = { segments: string[]; file: string };

const APP = path.resolve(import.meta.dirname, "../../app");

function routeFiles(dir: string, segments: string[] = []): Route[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // A route group, (name), is no segment of the URL.
    const segment = /^\(.*\)$/.test(entry.name) ? [] : [entry.name];
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), [...segments, ...segment]);
    return entry.name === "route.ts" ? [{ segments, file: path.join(dir, entry.name) }] : [];
  });
}

/** 0 for a literal segment, 1 for [name], 2 for [...name]: lower is more specific. */
const kind = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

function match(route: Route, parts: string[]): Record<string, string | string[]> | undefined {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (kind(segment) === 2) {
      if (i >= parts.length) return undefined;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    if (i >= parts.length) return undefined;
    if (kind(segment) === 1) params[segment.slice(1, -1)] = parts[i]!;
    else if (segment !== parts[i]) return undefined;
  }
  return route.segments.length === parts.length ? params : undefined;
}

function bySpecificity(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const d = kind(a.segments[i] ?? "") - kind(b.segments[i] ?? "");
    if (d !== 0) return d;
  }
  return b.segments.length - a.segments.length;
}

export function inProcessFetch(): typeof fetch {
  // next-auth's pages and the benchmark routes are not part of the document.
  const routes = routeFiles(APP)
    .filter((r) => r.segments[0] !== "api" && r.segments[0] !== "bench")
    .sort(bySpecificity);
  const modules = new Map<string, Promise<Record<string, RouteHandler>>>();
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    // scripts/server.mjs stamps the socket's address; every fuzz request comes from this one.
    if (!request.headers.has("x-forwarded-for")) request.headers.set("x-forwarded-for", "127.0.0.1");
    const url = new URL(request.url);
    let parts: string[];
    try {
      parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return new Response("Bad Request", { status: 400 });
    }
    for (const route of routes) {
      const params = match(route, parts);
      if (!params) continue;
      if (!modules.has(route.file)) modules.set(route.file, import(pathToFileURL(route.file).href));
      const handler = (await modules.get(route.file)!)[request.method];
      if (!handler) return new Response(null, { status: 405 });
      return handler(request, { params: Promise.resolve(params) });
    }
    return new Response("Not Found", { status: 404 });
  }) as typeof fetch;
}
