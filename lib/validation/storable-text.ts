// Text that JavaScript and JSON carry but PostgreSQL cannot store, refused as bad input (400
// naming the field, 404 for an id) before it reaches the database, where it would fail as a 500
// or be changed silently. One rule for every input: request bodies (lib/http/body.ts, a batch's
// items one by one), query strings (lib/http/query.ts) and route ids (lib/http/route.ts).
// - U+0000: text and jsonb refuse it (22P05, 22021). JSON (\u0000) and percent-encoding (%00)
//   both carry it.
// - A lone UTF-16 surrogate (U+D800..U+DFFF not in a pair, e.g. the JSON escape "\ud800"): jsonb
//   refuses it (22P02), and a text column silently stores U+FFFD instead, since the string has no
//   UTF-8 form. A well-formed pair (an emoji) is ordinary text.
// - Bytes that are not UTF-8 in a body: the body reader decodes them as lone surrogates
//   U+DC80..U+DCFF, one per byte (lib/validation/surrogate-escape.ts) instead of U+FFFD, so this
//   same rule finds them, by field; such a surrogate is refused as "not valid UTF-8". It could
//   also be a JSON escape ("\udcff"): by then the two cannot be told apart, and the message says
//   both.
// Keys are checked as well as values: jsonb stores keys as text too.
import { holdsEscapedByte } from "@/lib/validation/surrogate-escape";

export const NUL_MESSAGE = "contains a NUL character (U+0000), which is not allowed";
export const LONE_SURROGATE_MESSAGE =
  "contains a lone UTF-16 surrogate (an unpaired \\uD800-\\uDFFF), which is not text and cannot be stored";
export const INVALID_UTF8_MESSAGE =
  "is not valid UTF-8 (a byte sequence that is not UTF-8, or a lone UTF-16 surrogate \\uDC80-\\uDCFF), which cannot be stored";

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableTextMessage(text: string): string | undefined {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  // Well-formed text (nearly all of it) is one check; only ill-formed text is searched.
  if (!text.isWellFormed()) return holdsEscapedByte(text) ? INVALID_UTF8_MESSAGE : LONE_SURROGATE_MESSAGE;
  return undefined;
}

export type UnstorableText = { path: string; message: string };

/**
 * The first string or key in `value` that cannot be stored: its dotted path ("" for the root)
 * and why; undefined if none. Recursive: callers bound the nesting first (lib/validation/json-depth.ts).
 */
export function unstorableText(value: unknown, path = ""): UnstorableText | undefined {
  if (typeof value === "string") {
    const message = unstorableTextMessage(value);
    return message ? { path, message } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableText(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const message = unstorableTextMessage(key);
      if (message) return { path: at, message };
      const found = unstorableText(item, at);
      if (found) return found;
    }
  }
  return undefined;
}
