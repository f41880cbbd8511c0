// The production (and --dev) HTTP server: Next.js's request handler on node:http, so that
// SIGTERM can be handled whole: stop accepting, let in-flight requests finish, let the event
// worker finish its batch and close the database (instrumentation.ts registers that hook on
// globalThis), then exit 0. Also stamps X-Forwarded-For with the socket's address, which the
// login rate limits key on, and passes on the methods Next.js cannot serve so that they are refused.
// A request target that is not a path is dealt with before anything else (scripts/request-target.mjs).
import http from "node:http";
import next from "next";
import { fairUseDoor } from "./fair-use-door.mjs";
import { healthProbes } from "./health-probes.mjs";
import { answeredForRequestTarget } from "./request-target.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";
const SHUTDOWN_TIMEOUT_MS = 15_000;

const app = next({ dev, port, hostname: "localhost" });
await app.prepare();
const handle = app.getRequestHandler();

// /healthz and /readyz, answered before Next.js so that they never wait behind API work
// (scripts/health-probes.mjs), with the headers next.config.js gives every path.
const nextConfig = (await import("../next.config.js")).default;
const everyPath = (await nextConfig.headers()).filter((rule) => rule.source === "/:path*");
const answeredProbe = healthProbes(Object.fromEntries(everyPath.flatMap((rule) => rule.headers.map((h) => [h.key, h.value]))));

// The methods Next.js serves. It cannot even represent some others (undici's Request throws on
// TRACE: a 500 with a stack in the log) and answers the rest with an empty 400, so any other is
// passed on as OPTIONS, which every route and page refuses with 405 and its own Allow
// (lib/http/route.ts, lib/http/next-auth-route.ts, proxy.ts), with the method asked in
// x-unserved-method for the access log. A method Node's parser does not know gets Node's 400.
const SERVED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const UNSERVED_METHOD_HEADER = "x-unserved-method";

/** 405 problem+json, for what is refused before Next.js. */
function methodNotAllowed(res, allow) {
  const detail = `This resource allows ${allow}.`;
  res.writeHead(405, { allow, "content-type": "application/problem+json", "cache-control": "no-store" });
  res.end(
    JSON.stringify({
      type: "/problems/method_not_allowed",
      title: "Method Not Allowed",
      status: 405,
      detail,
      code: "method_not_allowed",
    }),
  );
}

// Fair use's first line, before Next.js (scripts/fair-use-door.mjs), with the application's caps:
// the same settings and defaults as lib/env.ts (this file runs before any TypeScript is loaded).
const refusedAtTheDoor = fairUseDoor({
  read: Number(process.env.CONCURRENT_REQUESTS_PER_ACCOUNT || 16),
  write: Number(process.env.CONCURRENT_REQUESTS_PER_ACCOUNT || 16),
  ingest: Number(process.env.CONCURRENT_INGEST_PER_ACCOUNT || 64),
});

// The address the start banner names (npm start passes NEXTAUTH_URL), not another spelling of it;
// its host is the one an absolute-form request target may name.
const shownUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;
const requestTargets = { ownHost: new URL(shownUrl).host, allow: [...SERVED_METHODS].join(", ") };

const server = http.createServer((req, res) => {
  if (answeredForRequestTarget(req, res, requestTargets)) return;
  if (answeredProbe(req, res)) return;
  if (refusedAtTheDoor(req, res)) return;
  const forwarded = req.headers["x-forwarded-for"];
  const address = req.socket.remoteAddress ?? "unknown";
  req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${address}` : address;
  delete req.headers[UNSERVED_METHOD_HEADER];
  if (!SERVED_METHODS.has(req.method)) {
    req.headers[UNSERVED_METHOD_HEADER] = req.method;
    req.method = "OPTIONS";
  }
  // Next.js answers a built file asked with another method with a bare 500.
  if (req.url?.startsWith("/_next/static/") && req.method !== "GET" && req.method !== "HEAD") {
    methodNotAllowed(res, "GET, HEAD");
    return;
  }
  handle(req, res);
});
// CONNECT (a proxy's tunnel) never reaches the handler: unheard, Node drops the connection unanswered.
server.on("connect", (_req, socket) => {
  socket.on("error", () => socket.destroy());
  socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: \r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`> Ready on ${shownUrl}`));

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`> ${signal}: finishing in-flight requests and the worker's batch`);
  const forced = setTimeout(() => {
    console.error("> shutdown timed out");
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  forced.unref();
  // close() stops accepting and, on Node >= 19, drops idle keep-alive connections.
  await new Promise((resolve) => server.close(() => resolve()));
  await globalThis.__pic_shutdown?.();
  await app.close?.();
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
