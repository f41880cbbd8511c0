// The production (and --dev) HTTP server: Next.js's request handler on node:http, so that
// SIGTERM can be handled whole: stop accepting, let in-flight requests finish, let the event
// worker finish its batch and close the database (instrumentation.ts registers that hook on
// globalThis), then exit 0. Also stamps X-Forwarded-For with the socket's address, which the
// login rate limits key on.
import http from "node:http";
import next from "next";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";
const SHUTDOWN_TIMEOUT_MS = 15_000;

const app = next({ dev, port, hostname: "localhost" });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const forwarded = req.headers["x-forwarded-for"];
  const address = req.socket.remoteAddress ?? "unknown";
  req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${address}` : address;
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
// The address the start banner names (npm start passes NEXTAUTH_URL), not another spelling of it.
const shownUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;
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
