// sendWebhook against raw TCP receivers on this machine: whatever bytes come back, the attempt
// settles at once with an error class (never waits for the timeout, never hangs past it), and
// informational answers before the final one change nothing.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/config/webhook-allow-list";
import { addressPolicy } from "@/lib/webhooks/egress/address-policy";
import { sendWebhook } from "@/lib/webhooks/egress/send-webhook";

const policy = addressPolicy(parseAllowList("127.0.0.1").entries);
const TIMEOUT_MS = 2_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A receiver that writes `answer` once the request's first bytes arrive (then, if told, closes). */
async function rawReceiver(answer: string, options: { close?: boolean } = {}) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.once("data", () => {
      if (answer) socket.write(answer);
      if (options.close) socket.end();
    });
  });
  // Kept-alive sockets of the sender's agent would hold close() open.
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`;
}

const send = (url: string) => sendWebhook({ url, headers: {}, body: "{}", timeoutMs: TIMEOUT_MS, policy });

describe("sendWebhook settles whatever the receiver answers", () => {
  it.each([
    [
      "a 101 with an Upgrade header",
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
      false,
    ],
    ["a 101 without one", "HTTP/1.1 101 Switching Protocols\r\n\r\n", false],
    ["an SSH banner", "SSH-2.0-OpenSSH_9.6\r\n", false],
    ["a Redis error", "-ERR unknown command\r\n", false],
  ])("%s is a protocol_error at once", async (_name, answer, close) => {
    const outcome = await send(await rawReceiver(answer, { close }));
    expect(outcome).toMatchObject({ ok: false, statusCode: null, errorClass: "protocol_error", responseBody: null });
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it("a connection closed in the middle of the headers is a connection_error at once", async () => {
    const outcome = await send(await rawReceiver("HTTP/1.1 200 OK\r\nContent-Ty", { close: true }));
    expect(outcome).toMatchObject({ ok: false, statusCode: null, errorClass: "connection_error" });
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it("a receiver that never answers is a timeout, at the timeout", async () => {
    const outcome = await send(await rawReceiver(""));
    expect(outcome).toMatchObject({ ok: false, statusCode: null, errorClass: "timeout" });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it.each([
    ["103 Early Hints", "HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"],
    ["100 Continue", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"],
  ])("%s before the final answer changes nothing", async (_name, answer) => {
    const outcome = await send(await rawReceiver(answer));
    expect(outcome).toMatchObject({ ok: true, errorClass: null });
    expect([200, 204]).toContain(outcome.statusCode);
  });
});
