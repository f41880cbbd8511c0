// Idempotency-Key for POST requests, the HTTP side (the Stripe model; storage in key-store.ts).
// The route wrapper runs it for routes that declare `idempotentFor` (lib/http/route.ts).
//
// - A successful (2xx/3xx) response is stored and replayed for 24 hours to the same key with
//   the same request (method, path and JSON body, key order ignored), with
//   `Idempotent-Replayed: true`. The same key with another request is refused (422); one still
//   running answers 409.
// - A failed first attempt (any 4xx or 5xx, thrown or returned) releases the key instead of
//   caching the failure: nothing was created, and the client may fix the request and retry
//   with the same key. This differs from Stripe, which caches 4xx answers.
// - An expired key is replaced by the next claim, and so is a claim left in flight for longer
//   than any request can run (a crashed instance), so a key is never stuck.
import "server-only";
import { createHash } from "node:crypto";
import type { Caller, Permission } from "@/lib/access/roles";
import { tenantScope } from "@/lib/access/tenant-scope";
import { DecryptionError } from "@/lib/crypto/secret-box";
import { badRequest, conflict, unprocessable } from "@/lib/errors";
import { claim, complete, openBody, purgeExpiredKeys, release, type StoredRow, stored } from "@/lib/idempotency/key-store";
import { logger } from "@/lib/log";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
// Response headers that belong to the resource and are replayed; the rest are per response.
// Cache-Control too: a replayed answer holding a one-time password must stay no-store.
const REPLAYED_HEADERS = ["content-type", "location", "cache-control"];

/** JSON with object keys sorted, so that key order does not make two bodies differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function requestFingerprint(request: Request, bodyText: string): string {
  let body: string;
  try {
    body = canonicalJson(JSON.parse(bodyText));
  } catch {
    body = bodyText;
  }
  const url = new URL(request.url);
  return createHash("sha256").update(`${request.method} ${url.pathname}${url.search}\n${body}`).digest("hex");
}

function keyOf(request: Request): string | undefined {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest("invalid_idempotency_key", "The Idempotency-Key header is not valid.", [
      { field: "Idempotency-Key", message: "must be 1 to 255 printable ASCII characters" },
    ]);
  }
  return key;
}

function replay(userId: string, key: string, row: StoredRow): Response {
  let body: string;
  try {
    body = openBody(userId, key, row.response_body ?? "");
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    // Its encryption key was retired (or the row altered): the first response is gone, and
    // running the request again would not be a replay.
    throw conflict(
      "idempotency_response_unavailable",
      "The response recorded for this Idempotency-Key can no longer be read. Use a new key.",
    );
  }
  return new Response(body, {
    status: row.response_status!,
    headers: { ...row.response_headers, "idempotent-replayed": "true" },
  });
}

/**
 * Runs `respond` at most once per (caller, Idempotency-Key) and request; without the header it
 * just runs it. `bodyText` is the raw request body, already read (the stream reads only once).
 * `permission` is the right the operation needs: checked before anything, because a replay
 * answers without running the service (which checks it too) and the caller's role may have
 * been lowered since the first request (a credential's creation response holds its secrets).
 */
export async function withIdempotencyKey(
  options: { request: Request; caller: Caller; bodyText: string; permission: Permission },
  respond: () => Promise<Response>,
): Promise<Response> {
  // The right within the caller's scope (a merchant account's create is scoped by the service).
  tenantScope(options.caller, options.permission);
  const key = keyOf(options.request);
  if (key === undefined) return respond();
  const { userId } = options.caller;
  const requestHash = requestFingerprint(options.request, options.bodyText);

  let claimedAt: Date | undefined;
  // A holder may release the key between our claim and our look (its request failed): then
  // the key is free again and the next claim takes it. Three rounds settle any such race.
  for (let round = 0; round < 3 && claimedAt === undefined; round++) {
    claimedAt = await claim(userId, key, requestHash);
    if (claimedAt) break;
    const row = await stored(userId, key);
    if (!row) continue;
    if (row.request_hash !== requestHash) {
      throw unprocessable(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with another request. Use a new key for a new request.",
      );
    }
    if (row.response_status !== null) return replay(userId, key, row);
    break;
  }
  if (claimedAt === undefined) {
    throw conflict("idempotency_in_flight", "A request with this Idempotency-Key is still being processed. Retry shortly.", {
      "retry-after": "1",
    });
  }

  let response: Response;
  try {
    response = await respond();
  } catch (error) {
    await release(userId, key, claimedAt);
    throw error;
  }
  if (response.status >= 400) {
    await release(userId, key, claimedAt);
    return response;
  }
  const body = await response.text();
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  try {
    await complete(userId, key, claimedAt, { status: response.status, headers, body });
    await purgeExpiredKeys();
  } catch {
    // The work is done and committed; failing the response now would invite a retry. The claim
    // stays in flight until it counts as abandoned, so an early retry gets 409, not a rerun.
    logger().warn({ event: "idempotency_record_failed", userId }, "idempotent response not recorded");
  }
  return new Response(body, { status: response.status, headers: response.headers });
}
