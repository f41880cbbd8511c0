// Cursors of the keyset pages (lib/paging/keyset-page.ts): opaque (base64url), signed, and bound
// to the filters and sort that made them, so a tampered or reused-elsewhere cursor is a 400.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { badRequest } from "@/lib/errors";

export type Position = { createdAt: Date; id: string };

let cachedHmacKey: Buffer | undefined;

function hmacKey(): Buffer {
  cachedHmacKey ??= createHash("sha256").update(`cursor:${env().nextAuthSecret}`).digest();
  return cachedHmacKey;
}

const SIGNATURE_LENGTH = 22;

function sign(payload: string): string {
  return createHmac("sha256", hmacKey()).update(payload).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

const MAX_BINDINGS = 1000;
const bindings = new Map<string, string>();

/** A stable fingerprint of what a cursor is valid for: the list, its filters and its sort. */
export function cursorBinding(list: string, filters: Record<string, unknown>): string {
  const canonical = `${list}|${JSON.stringify(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  )}`;
  // Every page of a list asks again for the same few bindings (its filter combinations): a
  // bounded memo instead of a hash per request.
  let binding = bindings.get(canonical);
  if (binding === undefined) {
    binding = createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
    if (bindings.size >= MAX_BINDINGS) bindings.clear();
    bindings.set(canonical, binding);
  }
  return binding;
}

export function encodeCursor(position: Position, binding: string): string {
  const payload = Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id, binding])).toString("base64url");
  // Pure base64url (no separator): the signature is the last SIGNATURE_LENGTH characters.
  return `${payload}${sign(payload)}`;
}

const invalidCursor = (message: string) =>
  badRequest("invalid_cursor", "The cursor is not valid for this request.", [{ field: "cursor", message }]);

export function decodeCursor(cursor: string, binding: string): Position {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length <= SIGNATURE_LENGTH) throw invalidCursor("is malformed");
  const payload = cursor.slice(0, -SIGNATURE_LENGTH);
  const signature = cursor.slice(-SIGNATURE_LENGTH);
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCursor("is tampered or foreign");
  const [iso, id, boundTo] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [string, string, string];
  if (boundTo !== binding) throw invalidCursor("was made for other filters or another sort order");
  return { createdAt: new Date(iso), id };
}
