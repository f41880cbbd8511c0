// Standard Webhooks signing (https://www.standardwebhooks.com): secrets are whsec_ + base64 of
// 32 random bytes; a signature is v1,<base64 HMAC-SHA256 over "id.timestamp.body"> keyed with the
// decoded secret. Several signatures (during a rotation) are separated by spaces.
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The webhook-signature header: one signature per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(" ");
}

/** What reads show instead of the secret: nothing of it. */
export const MASKED_SECRET = `${SECRET_PREFIX}********`;
