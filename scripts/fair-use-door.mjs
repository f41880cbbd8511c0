// Fair use's first line, in front of Next.js (scripts/server.mjs; lib/http/fair-use.ts is the
// second, by account): a bearer token's requests in flight, per kind, counted before Next.js,
// where a refusal costs microseconds instead of the framework's millisecond. Without it a client
// that re-sends each 429 at once keeps the process busy refusing it, and every other caller waits
// behind the refusals. The application's fair-use refusals (429 marked x-fair-use) are
// remembered for the token and kind until their Retry-After and repeated here. Keyed by the token as sent, unverified: a forged token
// throttles only itself.
import { randomBytes } from "node:crypto";

function requestKind(req) {
  if (req.method === "POST" && /^\/v1\/webhooks\/events(\/batch)?(\?|$)/.test(req.url ?? "")) return "ingest";
  return req.method === "GET" || req.method === "HEAD" ? "read" : "write";
}

// A refusal here is answered after a short pause: a client that re-sends each one at once then
// costs a few refusals a second per connection instead of thousands, while one that honours
// Retry-After (at least a second) does not notice.
const REFUSAL_PAUSE_MS = 250;

function tooMany(res, code, detail, retryAfter) {
  const timer = setTimeout(() => answerTooMany(res, code, detail, retryAfter), REFUSAL_PAUSE_MS);
  res.on("close", () => clearTimeout(timer));
}

function answerTooMany(res, code, detail, retryAfter) {
  if (res.destroyed) return;
  // The API's problem shape and headers (lib/http/problem-response.ts), a request id included.
  const requestId = randomBytes(10).toString("hex");
  res.writeHead(429, {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    "retry-after": String(retryAfter),
    "x-request-id": requestId,
  });
  res.end(
    JSON.stringify({ type: `/problems/${code}`, title: "Too Many Requests", status: 429, detail, code, request_id: requestId }),
  );
}

/**
 * The door for these caps of requests in flight per token and kind ({read, write, ingest}): a
 * function that answers true when it refused the request (the refusal is sent), else counts the
 * request until its answer is sent and lets it through.
 */
export function fairUseDoor(caps) {
  const tokensInFlight = new Map();
  const refusedUntil = new Map();
  return function refusedAtTheDoor(req, res) {
    const authorization = req.headers.authorization;
    if (!req.url?.startsWith("/v1/") || !authorization?.startsWith("Bearer ")) return false;
    const kind = requestKind(req);
    const key = `${kind} ${authorization}`;
    const now = Date.now();
    const until = refusedUntil.get(key);
    if (until !== undefined) {
      if (until > now) {
        tooMany(
          res,
          "rate_limited",
          "Too many requests for this token. Retry after Retry-After seconds.",
          Math.ceil((until - now) / 1000),
        );
        return true;
      }
      refusedUntil.delete(key);
    }
    const taken = tokensInFlight.get(key) ?? 0;
    if (taken >= caps[kind]) {
      const detail = `Too many requests at once: at most ${caps[kind]} in flight for this token. Retry after Retry-After seconds.`;
      tooMany(res, "concurrency_limited", detail, 1);
      return true;
    }
    tokensInFlight.set(key, taken + 1);
    res.on("close", () => {
      const left = (tokensInFlight.get(key) ?? 1) - 1;
      if (left <= 0) tokensInFlight.delete(key);
      else tokensInFlight.set(key, left);
    });
    // Read as the answer's head is written (Node writes every head through writeHead), before a
    // byte of it leaves: the client cannot have read it and sent its next request yet.
    const writeHead = res.writeHead;
    res.writeHead = function rememberRefusal(status, ...rest) {
      const given = rest.find((arg) => arg && typeof arg === "object") ?? {};
      // Next.js sets each header as an array of values: the first is the one.
      const header = (name) => [res.getHeader(name) ?? given[name]].flat()[0];
      // Only the account's fair-use refusals (lib/http/fair-use.ts marks them): a sign-in delay or
      // a route's own write limit says nothing of the token's other requests.
      const retryAfter = Number(header("retry-after"));
      if (status === 429 && retryAfter >= 1 && header("x-fair-use") === "account") {
        if (refusedUntil.size > 10_000) for (const [k, t] of refusedUntil) if (t <= Date.now()) refusedUntil.delete(k);
        refusedUntil.set(key, Date.now() + retryAfter * 1000);
      }
      return writeHead.call(this, status, ...rest);
    };
    return false;
  };
}
