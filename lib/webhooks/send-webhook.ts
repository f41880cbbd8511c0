// One HTTP attempt of a webhook: a POST with a bounded time, no redirects followed, the
// response body read up to RESPONSE_BODY_LIMIT, every failure given an error class. Connections
// go through guardedLookup, so a name that resolves to a refused address is never connected to;
// the body is kept only when the address policy lets it be shown (responseVisible).
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { AddressRefusedError, configuredPolicy, guardedLookup, hostOf, portOf } from "@/lib/webhooks/address-policy";
import { RESPONSE_BODY_LIMIT, responseExcerpt } from "@/lib/webhooks/response-excerpt";

/** The user-agent of every delivery (a delivery's detail shows the headers it sent). */
export const USER_AGENT = "payment-integrations-console-webhooks/1";

export type ErrorClass = "timeout" | "dns" | "tls" | "connection_refused" | "connection_error" | "non_2xx" | "address_refused";

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

function classify(error: unknown): ErrorClass {
  if (error instanceof AttemptTimeout) return "timeout";
  if (error instanceof AddressRefusedError) return "address_refused";
  const code = String((error as { code?: unknown }).code ?? "");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "dns";
  if (code === "ECONNREFUSED") return "connection_refused";
  if (code === "ETIMEDOUT") return "timeout";
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/.test(code)) return "tls";
  return "connection_error";
}

export function sendWebhook(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, "durationMs" | "ok">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, ok, durationMs: elapsed() });
    };
    const fail = (error: unknown) => finish({ statusCode: null, errorClass: classify(error), responseBody: null });

    const url = new URL(options.url);
    const host = hostOf(url);
    const port = portOf(url);
    const policy = configuredPolicy();
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
    const request = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      lookup: guardedLookup(port) as never,
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "content-length": String(Buffer.byteLength(options.body)),
        ...options.headers,
      },
    });
    const timer = setTimeout(() => request.destroy(new AttemptTimeout()), options.timeoutMs);
    request.on("error", fail);
    request.on("response", (response) => {
      // Read now: a kept-alive socket leaves the response when it ends.
      const remote = response.socket?.remoteAddress;
      const visible = remote !== undefined && policy.responseVisible(remote, host, port);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = visible ? responseExcerpt(Buffer.concat(chunks)) : null;
        const statusCode = response.statusCode ?? 0;
        const good = statusCode >= 200 && statusCode < 300;
        finish({ statusCode, errorClass: good ? null : "non_2xx", responseBody: text });
      };
      response.on("data", (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is not kept, and the connection is not reused.
        if (size >= RESPONSE_BODY_LIMIT) {
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", (error) => (size > 0 ? done() : fail(error)));
    });
    request.end(options.body);
  });
}
