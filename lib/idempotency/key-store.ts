// The storage of Idempotency-Keys (lib/idempotency/replay.ts is the HTTP side): one row per
// (user id, key) in PostgreSQL, so every instance shares them. A claim is one INSERT .. ON
// CONFLICT, so of any number of concurrent requests with one key exactly one runs. Stored
// response bodies are encrypted like credentials at rest (bound to user and key): a credential's
// creation response carries its secrets in full.
import "server-only";
import { DecryptionError, decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";

const TTL_SECONDS = 24 * 3600;
// Well beyond the statement (10 s) and transaction timeouts, so only a dead claim is taken over.
const ABANDONED_AFTER_SECONDS = 120;

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

export type StoredRow = {
  request_hash: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
};

/** Takes the key for this request; returns the claim's time, or undefined when someone holds it. */
export async function claim(userId: string, key: string, requestHash: string): Promise<Date | undefined> {
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

export async function stored(userId: string, key: string): Promise<StoredRow | undefined> {
  const rows = await db().$queryRaw<StoredRow[]>`
    SELECT request_hash, response_status, response_headers, response_body
    FROM idempotency_keys
    WHERE user_id = ${userId} AND key = ${key} AND expires_at > now()`;
  return rows[0];
}

export async function release(userId: string, key: string, claimedAt: Date): Promise<void> {
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

export function openBody(userId: string, key: string, sealed: string): string {
  const match = /^(\d+):([A-Za-z0-9+/=]{40,})$/.exec(sealed);
  if (!match) throw new DecryptionError("The recorded response is not in the sealed format.");
  return decryptSecret(Buffer.from(match[2]!, "base64"), Number(match[1]), sealedBinding(userId, key));
}

export async function complete(userId: string, key: string, claimedAt: Date, response: StoredResponse): Promise<void> {
  const { status, headers, body } = response;
  await db().$executeRaw`
    UPDATE idempotency_keys
    SET response_status = ${status}, response_headers = ${JSON.stringify(headers)}::jsonb,
        response_body = ${sealBody(userId, key, body)}, completed_at = now()
    WHERE user_id = ${userId} AND key = ${key} AND created_at = ${claimedAt}`;
}

/**
 * Keys are mostly used once, so expired rows would pile up: every completed request deletes a
 * few (bounded work, found through the expires_at index), which keeps pace with the inserts.
 */
export async function purgeExpiredKeys(): Promise<void> {
  await db().$executeRaw`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT 20)`;
}
