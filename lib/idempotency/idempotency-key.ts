// Idempotency-Key for POST requests (the Stripe model, kept in PostgreSQL so every instance
// shares it). Keys are scoped to the caller: the row's primary key is (user id, key).
//
// - The first request claims the key with one INSERT .. ON CONFLICT, so of any number of
//   concurrent requests with one key exactly one runs; the others see it in flight (409).
// - A successful (2xx/3xx) response is stored and replayed for 24 hours to the same key with
//   the same request (method, path and JSON body, key order ignored), with
//   `Idempotent-Replayed: true`. The same key with another request is refused (422).
// - A failed first attempt (any 4xx or 5xx, thrown or returned) releases the key instead of
//   caching the failure: nothing was created, and the client may fix the request and retry
//   with the same key. This differs from Stripe, which caches 4xx answers.
// - An expired key is replaced by the next claim, and so is a claim left in flight for longer
//   than any request can run (a crashed instance), so a key is never stuck.
// - The stored response body is encrypted like credentials at rest (bound to user and key): a
//   credential's creation response carries its secrets in full.
import "server-only";
import { createHash } from "node:crypto";
import { type Caller, type Permission, requirePermission } from "@/lib/auth/roles";
import { DecryptionError, decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { ApiError, badRequest, unprocessable } from "@/lib/http/api-error";
import { logger } from "@/lib/log";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const TTL_SECONDS = 24 * 3600;
// Well beyond the statement (10 s) and transaction timeouts, so only a dead claim is taken over.
const ABANDONED_AFTER_SECONDS = 120;
// Response headers that belong to the resource and are replayed; the rest are per response.
const REPLAYED_HEADERS = ["content-type", "location"];

type StoredRow = {
  request_hash: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
};

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

/** Takes the key for this request; returns the claim's time, or undefined when someone holds it. */
async function claim(userId: string, key: string, requestHash: string): Promise<Date | undefined> {
  const rows = await db().$queryRaw<{ created_at: Date }[]>`
    INSERT INTO idempotency_keys (user_id, key, request_hash, created_at, expires_at)
    VALUES (${userId}, ${key}, ${requestHash}, now(), now() + make_interval(secs => ${TTL_SECONDS}))
    ON CONFLICT (user_id, key) DO UPDATE SET
      request_hash = EXCLUDED.request_hash,
      response_status = NULL,
      response_headers = NULL,
      response_body = NULL,
      created_at = EXCLUDED.created_at,
      completed_at = NULL,
      expires_at = EXCLUDED.expires_at
    WHERE idempotency_keys.expires_at <= now()
       OR (idempotency_keys.completed_at IS NULL
           AND idempotency_keys.created_at <= now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
    RETURNING created_at`;
  return rows[0]?.created_at;
}

async function stored(userId: string, key: string): Promise<StoredRow | undefined> {
  const rows = await db().$queryRaw<StoredRow[]>`
    SELECT request_hash, response_status, response_headers, response_body
    FROM idempotency_keys
    WHERE user_id = ${userId} AND key = ${key} AND expires_at > now()`;
  return rows[0];
}

async function release(userId: string, key: string, claimedAt: Date): Promise<void> {
  try {
    await db().$executeRaw`
      DELETE FROM idempotency_keys
      WHERE user_id = ${userId} AND key = ${key} AND created_at = ${claimedAt} AND completed_at IS NULL`;
  } catch {
    // The request's own outcome matters more; an unreleased claim is taken over once abandoned.
    logger().warn({ event: "idempotency_release_failed", userId }, "idempotency key not released");
  }
}

const sealedBinding = (userId: string, key: string) => `idempotency:${userId}:${key}`;

/** `<key version>:<base64 ciphertext>`, in the text column response_body. */
function sealBody(userId: string, key: string, body: string): string {
  const { ciphertext, keyVersion } = encryptSecret(body, sealedBinding(userId, key));
  return `${keyVersion}:${ciphertext.toString("base64")}`;
}

function openBody(userId: string, key: string, sealed: string): string {
  const match = /^(\d+):([A-Za-z0-9+/=]{40,})$/.exec(sealed);
  if (!match) throw new DecryptionError("The recorded response is not in the sealed format.");
  return decryptSecret(Buffer.from(match[2]!, "base64"), Number(match[1]), sealedBinding(userId, key));
}

async function complete(userId: string, key: string, claimedAt: Date, response: Response, body: string): Promise<void> {
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  await db().$executeRaw`
    UPDATE idempotency_keys
    SET response_status = ${response.status}, response_headers = ${JSON.stringify(headers)}::jsonb,
        response_body = ${sealBody(userId, key, body)}, completed_at = now()
    WHERE user_id = ${userId} AND key = ${key} AND created_at = ${claimedAt}`;
}

function replay(userId: string, key: string, row: StoredRow): Response {
  let body: string;
  try {
    body = openBody(userId, key, row.response_body ?? "");
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    // Its encryption key was retired (or the row altered): the first response is gone, and
    // running the request again would not be a replay.
    throw new ApiError({
      status: 409,
      code: "idempotency_response_unavailable",
      detail: "The response recorded for this Idempotency-Key can no longer be read. Use a new key.",
    });
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
  requirePermission(options.caller, options.permission);
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
    throw new ApiError({
      status: 409,
      code: "idempotency_in_flight",
      detail: "A request with this Idempotency-Key is still being processed. Retry shortly.",
      headers: { "retry-after": "1" },
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
  try {
    await complete(userId, key, claimedAt, response, body);
    await purgeExpiredKeys();
  } catch {
    // The work is done and committed; failing the response now would invite a retry. The claim
    // stays in flight until it counts as abandoned, so an early retry gets 409, not a rerun.
    logger().warn({ event: "idempotency_record_failed", userId }, "idempotent response not recorded");
  }
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * Keys are mostly used once, so expired rows would pile up: every completed request deletes a
 * few (bounded work, found through the expires_at index), which keeps pace with the inserts.
 */
async function purgeExpiredKeys(): Promise<void> {
  await db().$executeRaw`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT 20)`;
}
