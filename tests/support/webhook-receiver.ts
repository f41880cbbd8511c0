// A real webhook receiver for tests: a node:http server on a random local port that records
// every request (headers and body) and answers as the test says. `port` fixes its port (a port
// the test's WEBHOOK_ALLOWED_ADDRESSES names, whose responses may be shown). A `raw` answer is
// bytes written straight to the socket, past the HTTP server: a 101 Switching Protocols, another
// protocol's banner, a response cut in the middle of its headers (`close` ends the connection).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { headers: http.IncomingHttpHeaders; body: string; at: number };
/** A status and body (after delayMs, to be a slow receiver), raw bytes (then, if told, closed), or no answer at all. */
export type Answer = { status: number; body?: string; delayMs?: number } | { raw: string; close?: boolean } | "hang";

export async function startReceiver(
  answer: (request: ReceivedRequest, index: number) => Answer = () => ({ status: 200 }),
  options: { port?: number } = {},
) {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(request);
      const a = answer(request, received.length - 1);
      if (a === "hang") {
        hanging.add(res);
        return;
      }
      if ("raw" in a) {
        hanging.add(res);
        req.socket.write(a.raw);
        if (a.close) req.socket.destroy();
        return;
      }
      const respond = () => res.writeHead(a.status, { "content-type": "text/plain" }).end(a.body ?? "ok");
      if (a.delayMs) setTimeout(respond, a.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port free now (for a receiver started later on it). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, stepMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
