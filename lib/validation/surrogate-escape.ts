// Decoding bytes that are not well-formed UTF-8 without losing them: "surrogateescape" (PEP 383,
// Python's error handler). Node's decoders (Buffer#toString, TextDecoder) turn each bad sequence
// into U+FFFD, so "bad\xff" and "bad\ufffd" read the same and the first would be stored as the
// second without a word. Here each byte of an ill-formed sequence becomes the lone surrogate
// U+DC00 + byte (U+DC80..U+DCFF: such a byte is never ASCII), which no UTF-8 text can decode to
// (UTF-8 cannot encode surrogates), so the result says exactly where the bad bytes were and the
// lone-surrogate rule (lib/validation/storable-text.ts) refuses it naming the field. Only the slow
// path: the body reader calls it when `isUtf8` has already said no (lib/http/body.ts).

/** Code units turned into a string this many at a time (String.fromCharCode's arguments are bounded). */
const CHUNK = 8192;

/**
 * The length of the well-formed UTF-8 sequence starting at `i` (1 to 4), or 0 when none starts
 * there. The Unicode Standard's table 3-7 of well-formed byte sequences: the second byte's range
 * depends on the first, which is what excludes overlong forms (E0 80..9F, F0 80..8F), the
 * surrogates (ED A0..BF) and code points past U+10FFFF (F4 90..).
 */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const first = bytes[i]!;
  if (first < 0x80) return 1;
  const continuation = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at]! >= low && bytes[at]! <= high;
  if (first >= 0xc2 && first <= 0xdf) return continuation(i + 1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const low = first === 0xe0 ? 0xa0 : 0x80;
    const high = first === 0xed ? 0x9f : 0xbf;
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const low = first === 0xf0 ? 0x90 : 0x80;
    const high = first === 0xf4 ? 0x8f : 0xbf;
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0; // 80..BF (a continuation byte alone), C0, C1 and F5..FF never start a sequence
}

/**
 * `bytes` as text: well-formed UTF-8 as any decoder reads it (a BOM kept, as Buffer#toString
 * keeps it), each byte of an ill-formed sequence as U+DC00 + byte.
 *
 * One byte at a time: where no well-formed sequence starts, only that byte is escaped and the
 * next is tried again. This is the same as escaping each byte of every "maximal subpart" (the
 * Unicode practice Python follows): the bytes after the lead of such a subpart are continuation
 * bytes, which start no sequence, so they are escaped in turn. `bytes` is never altered, and
 * encoding the result back (each U+DC80..U+DCFF as its byte, the rest as UTF-8) gives it again.
 */
export function decodeUtf8SurrogateEscape(bytes: Uint8Array): string {
  // A code unit per byte at most: a 4-byte sequence makes 2, the others 1.
  const units = new Uint16Array(bytes.length);
  let n = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    const b = bytes[i]!;
    if (length === 0) {
      units[n++] = 0xdc00 | b;
      i += 1;
      continue;
    }
    let codePoint: number;
    if (length === 1) codePoint = b;
    else if (length === 2) codePoint = ((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
    else if (length === 3) codePoint = ((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
    else codePoint = ((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
    if (codePoint > 0xffff) {
      codePoint -= 0x10000;
      units[n++] = 0xd800 | (codePoint >> 10);
      units[n++] = 0xdc00 | (codePoint & 0x3ff);
    } else units[n++] = codePoint;
    i += length;
  }
  let text = "";
  for (let start = 0; start < n; start += CHUNK) {
    text += String.fromCharCode(...units.subarray(start, Math.min(n, start + CHUNK)));
  }
  return text;
}

/** A lone U+DC80..U+DCFF (no high surrogate before it): a byte `decodeUtf8SurrogateEscape` escaped. */
const ESCAPED_BYTE = /(?<![\ud800-\udbff])[\udc80-\udcff]/;
const ESCAPED_BYTES = new RegExp(ESCAPED_BYTE.source, "g");

/**
 * Whether `text` holds a lone U+DC80..U+DCFF: a byte that is not UTF-8, as decoded here (or the
 * same surrogate from a JSON escape, "\udcff": once decoded, the two are one).
 */
export const holdsEscapedByte = (text: string): boolean => ESCAPED_BYTE.test(text);

/**
 * The inverse: each lone U+DC80..U+DCFF as its byte, the rest as UTF-8, so that
 * `encodeUtf8SurrogateEscape(decodeUtf8SurrogateEscape(bytes))` is `bytes` again. For tests and
 * the fuzzer, which write bodies that are not UTF-8 as such text (tests/fuzz/schema-arbitrary.ts).
 */
export function encodeUtf8SurrogateEscape(text: string): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const match of text.matchAll(ESCAPED_BYTES)) {
    pieces.push(encoder.encode(text.slice(from, match.index)), Uint8Array.of(match[0].charCodeAt(0) - 0xdc00));
    from = match.index + 1;
  }
  pieces.push(encoder.encode(text.slice(from)));
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}
