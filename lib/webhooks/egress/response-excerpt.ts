// The part of a receiver's response that is kept with an attempt and shown to users: its first
// RESPONSE_BODY_LIMIT bytes as text PostgreSQL can store. A receiver chooses these bytes, so they
// are hostile input: a NUL made every attempt fail to be recorded (22021), which turned one
// delivery into endless redelivery (found by the second security review).
import { StringDecoder } from "node:string_decoder";

export const RESPONSE_BODY_LIMIT = 4096;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must be found.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL accepts: NUL and unpaired UTF-16 surrogates become U+FFFD, the replacement
 * character (invalid UTF-8 has already become it in decoding).
 */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, "\uFFFD");
}

/** The first RESPONSE_BODY_LIMIT bytes decoded as UTF-8; a character cut by the limit is dropped. */
export function responseExcerpt(body: Buffer): string {
  // StringDecoder.write keeps an incomplete trailing sequence back instead of emitting U+FFFD.
  return storableText(new StringDecoder("utf8").write(body.subarray(0, RESPONSE_BODY_LIMIT)));
}
