// One HTTP attempt of a webhook: a POST with a bounded time, no redirects followed, the
// response body read up to RESPONSE_BODY_LIMIT, every failure given an error class. Connections
// go through guardedLookup with the endpoint's address policy (endpointPolicy: the allow-list
// only for URLs staff set), so a name that resolves to a refused address is never connected to;
// the body is kept only when the address policy lets it be shown (responseVisible).
//
// Every attempt settles, whatever the receiver does: it holds a worker slot (or the test send's
// request) until it does. An answer that is not a final HTTP response is a protocol_error at
// once: a 101 Switching Protocols made Node's client hand the socket to an 'upgrade' listener
// or, without one, destroy it without 'response' or 'error', and the timeout's destroy() was then
// a no-op, so the attempt never ended (17 such endpoints pinned all 64 slots). Hence the
// 'upgrade' listener, the request's 'close' and the response's 'close' as last resorts, and a
// timeout that settles by itself when destroying can no longer end the attempt. Informational
// answers (100, 103) before the final one are skipped by Node and harmless.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { type AddressPolicy, AddressRefusedError, guardedLookup, hostOf, portOf } from "@/lib/webhooks/egress/address-policy";
import { RESPONSE_BODY_LIMIT, responseExcerpt } from "@/lib/webhooks/egress/response-excerpt";

/** The user-agent of every delivery (a delivery's detail shows the headers it sent). */
export const USER_AGENT = "payment-integrations-console-webhooks/1";

export type ErrorClass =
  | "timeout"
  | "dns"
  | "tls"
  | "connection_refused"
  | "connection_error"
  | "protocol_error"
  | "non_2xx"
  | "address_refused";

export type AttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  errorClass: ErrorClass | null;
  responseBody: string | null;
  durationMs: number;
};

// The guarded lookup is given per request (it needs the port): an agent's own options would
// override it. Pooled sockets are per host and port, so a reused one passed the same check.
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

class AttemptTimeout extends Error {}
/** The receiver answered something that is not a final HTTP response (101, a non-HTTP protocol). */
class ProtocolError extends Error {}
/** The connection ended with neither a response nor an error (a path Node leaves silent). */
class ClosedWithoutAnswer extends Error {}

function classify(error: unknown): ErrorClass {
  if (error instanceof AttemptTimeout) return "timeout";
  if (error instanceof AddressRefusedError) return "address_refused";
  if (error instanceof ProtocolError) return "protocol_error";
  const code = String((error as { code?: unknown }).code ?? "");
  // llhttp's parse errors: the bytes that came back are not HTTP (an SSH banner, a Redis error).
  if (code.startsWith("HPE_")) return "protocol_error";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "dns";
  if (code === "ECONNREFUSED") return "connection_refused";
  if (code === "ETIMEDOUT") return "timeout";
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/.test(code)) return "tls";
  return "connection_error";
}

type SendOptions = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The endpoint's address policy: endpointPolicy(urlSetByStaff). */
  policy: AddressPolicy;
};

/**
 * One attempt. A kept-alive socket the receiver closed meanwhile (it restarted, or its idle
 * timeout ran out as we picked the socket) fails at once with a reset before any answer: that
 * is our pool's fault, not the receiver's, so the request is sent once more on a new connection
 * (the retry Node's documentation gives for request.reusedSocket), within the same time bound.
 */
export async function sendWebhook(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const first = await sendOnce(options, started);
  if (!first.staleSocket) return first.outcome;
  return (await sendOnce({ ...options, timeoutMs: Math.max(1, options.timeoutMs - first.outcome.durationMs) }, started)).outcome;
}

const STALE_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE"]);

function sendOnce(options: SendOptions, started: number): Promise<{ outcome: AttemptOutcome; staleSocket: boolean }> {
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolveBoth) => {
    let settled = false;
    let staleSocket = false;
    const resolve = (outcome: AttemptOutcome) => resolveBoth({ outcome, staleSocket });
    const finish = (outcome: Omit<AttemptOutcome, "durationMs" | "ok">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, ok, durationMs: elapsed() });
    };
    const fail = (error: unknown) => {
      const code = String((error as { code?: unknown } | undefined)?.code ?? "");
      if (!settled && !response && request?.reusedSocket && STALE_SOCKET_CODES.has(code)) staleSocket = true;
      finish({ statusCode: null, errorClass: classify(error), responseBody: null });
    };

    const url = new URL(options.url);
    const host = hostOf(url);
    const port = portOf(url);
    const { policy } = options;
    // A literal address never goes through the lookup: check it here.
    if (isIP(host) && !policy.addressPermitted(host, host, port)) {
      settled = true;
      return resolve({
        ok: false,
        statusCode: null,
        errorClass: "address_refused",
        responseBody: null,
        durationMs: elapsed(),
      });
    }
    const secure = url.protocol === "https:";
    let response: http.IncomingMessage | undefined;
    const request: http.ClientRequest = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      lookup: guardedLookup(port, policy) as never,
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "content-length": String(Buffer.byteLength(options.body)),
        ...options.headers,
      },
    });
    const timer = setTimeout(() => {
      // Destroying an already destroyed request (after an upgrade, say) emits nothing: settle here.
      if (request.destroyed) fail(new AttemptTimeout());
      request.destroy(new AttemptTimeout());
      response?.destroy();
    }, options.timeoutMs);
    request.on("error", fail);
    // A 101 with an Upgrade header: the socket is ours now; nobody speaks that protocol here.
    request.on("upgrade", (_response, socket) => {
      socket.destroy();
      fail(new ProtocolError());
    });
    // Closed before any response: an error has settled it already, or Node emitted none.
    request.on("close", () => {
      if (!response) fail(new ClosedWithoutAnswer());
    });
    request.on("response", (answer) => {
      response = answer;
      // A 1xx that Node passes on as the response (101 without an Upgrade header) is no final answer.
      if ((answer.statusCode ?? 0) < 200) {
        answer.socket?.destroy();
        answer.destroy();
        return fail(new ProtocolError());
      }
      // Read now: a kept-alive socket leaves the response when it ends.
      const remote = answer.socket?.remoteAddress;
      const visible = remote !== undefined && policy.responseVisible(remote, host, port);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = visible ? responseExcerpt(Buffer.concat(chunks)) : null;
        const statusCode = answer.statusCode ?? 0;
        const good = statusCode >= 200 && statusCode < 300;
        finish({ statusCode, errorClass: good ? null : "non_2xx", responseBody: text });
      };
      answer.on("data", (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is not kept, and the connection is not reused.
        if (size >= RESPONSE_BODY_LIMIT) {
          done();
          answer.destroy();
        }
      });
      answer.on("end", done);
      answer.on("error", (error) => (size > 0 ? done() : fail(error)));
      // Closed without 'end' or 'error' (after them it changes nothing): what was read, if anything.
      answer.on("close", () => (size > 0 ? done() : fail(new ClosedWithoutAnswer())));
    });
    request.end(options.body);
  });
}
