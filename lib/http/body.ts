// Reading a JSON request body, defensively: JSON content type (415), at most 64 KiB (413),
// nested at most MAX_JSON_DEPTH levels (400), well-formed (400), no object naming a member twice
// (400, lib/validation/json-members.ts), only text PostgreSQL can store (400,
// lib/validation/storable-text.ts), then the route's schema (400 naming each bad or unknown field).
// Bytes that are not UTF-8 are never read as U+FFFD (which would store "bad\xff" as "bad\ufffd"
// without a word): each becomes a lone surrogate (lib/validation/surrogate-escape.ts), which the
// storable-text rule refuses as "not valid UTF-8" naming the field, or an item of a batch alone.
import { isUtf8 } from "node:buffer";
import type { z } from "zod";
import { env } from "@/lib/env";
import { badRequest, payloadTooLarge, requestTimeout, unsupportedMediaType, validationFailed } from "@/lib/errors";
import { jsonNestingDepth, MAX_JSON_DEPTH } from "@/lib/validation/json-depth";
import { duplicateMemberErrors, duplicateMemberPaths } from "@/lib/validation/json-members";
import { unstorableText } from "@/lib/validation/storable-text";
import { decodeUtf8SurrogateEscape } from "@/lib/validation/surrogate-escape";
import { fieldErrorsOf } from "@/lib/validation/zod-errors";

export const MAX_BODY_BYTES = 64 * 1024;
/** How many duplicate members one refusal names: the first ones are enough to find the fault. */
const NAMED_DUPLICATES = 10;

/** A limit in the words a person reads: 64 KiB, 100 MiB (else its bytes). */
export function sizeLabel(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const tooLarge = (maxBytes: number) => payloadTooLarge(`The request body exceeds ${sizeLabel(maxBytes)}.`);

/**
 * The raw body as text, refused when it is not JSON or larger than maxBytes (64 KiB unless a route
 * says). Bytes that are not UTF-8 are kept as lone surrogates U+DC80..U+DCFF, for the
 * storable-text rule to refuse by field; a valid body costs one `isUtf8` check (native) more.
 */
export async function readJsonText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw unsupportedMediaType("Send the body as application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks, size);
  return isUtf8(bytes) ? bytes.toString("utf8") : decodeUtf8SurrogateEscape(bytes);
}

/**
 * A text body (text/plain or text/csv, else 415) as a stream of its bytes, for a route that reads
 * a file line by line and never holds it whole (a reconciliation statement, up to `maxBytes`: a
 * declared length beyond it is a 413 at once, and so is the stream the moment it passes it). The
 * upload's time is bounded too (408 upload_timeout): nothing for UPLOAD_IDLE_TIMEOUT_MS, or not all
 * there UPLOAD_TIMEOUT_MS after reading began. The JSON reader above keeps its own types and its 64 KiB.
 */
export async function* readTextStream(request: Request, maxBytes: number): AsyncGenerator<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^text\/(plain|csv)\s*(;|$)/i.test(type)) throw unsupportedMediaType("Send the file as text/plain (or text/csv).");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return;
  const { idleTimeoutMs, timeoutMs } = env().upload;
  const limits = { idleMs: idleTimeoutMs, timeoutMs, deadline: Date.now() + timeoutMs };
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await readInTime(reader, limits);
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      yield value;
    }
  } finally {
    // A reader stopped early (too large, too slow, a refused file) lets the rest of the upload go.
    await reader.cancel().catch(() => {});
  }
}

/**
 * The body's next chunk. A read that fails is a client that went away (or broke the chunked
 * encoding) before its body was whole: a 400 for the access log, never an unhandled 500, though
 * nobody may be left to read it.
 */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw badRequest("body_incomplete", "The request body ended before it was complete.");
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The reader's next chunk; a 408 when none comes within idleMs, or the upload's deadline passes first. */
async function readInTime(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: { idleMs: number; timeoutMs: number; deadline: number },
): Promise<ReadableStreamReadResult<Uint8Array>> {
  const left = limits.deadline - Date.now();
  const detail = () =>
    limits.idleMs < left
      ? `The upload sent nothing for ${seconds(limits.idleMs)}: send the file without pausing.`
      : `The upload was not complete ${seconds(limits.timeoutMs)} after it began: send it from a faster connection, or a smaller file.`;
  // Past the deadline even when more is already there: the bound holds for a steady trickle too.
  if (left <= 0) throw requestTimeout("upload_timeout", detail());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(requestTimeout("upload_timeout", detail())), Math.max(0, Math.min(limits.idleMs, left)));
  });
  try {
    // The read left pending by a timeout ends when the caller cancels the reader.
    return await Promise.race([readChunk(reader), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Refuses the body when `paths` names any duplicated member (400 naming them). */
export function refuseDuplicateMembers(paths: string[][]): void {
  if (paths.length === 0) return;
  throw validationFailed(
    duplicateMemberErrors(paths.slice(0, NAMED_DUPLICATES)),
    "The request body names a member twice in one object.",
  );
}

/**
 * The parsed body and the paths of the members its objects name twice, not refused here: for a
 * body whose parts are decided one by one (a batch refuses only the item holding one).
 */
export function parseJsonMembers(text: string): { value: unknown; duplicates: string[][] } {
  if (text.trim() === "") throw badRequest("malformed_json", "The request body is empty; a JSON object is expected.");
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
    throw badRequest("nesting_too_deep", `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Text that is not well-formed here comes from bytes that are not UTF-8 (readJsonText), which
    // JSON does not admit outside a string either (RFC 8259, section 8.1): say so.
    throw badRequest(
      "malformed_json",
      text.isWellFormed()
        ? "The request body is not valid JSON."
        : "The request body is not valid JSON: it holds bytes that are not valid UTF-8.",
    );
  }
  return { value, duplicates: duplicateMemberPaths(text) };
}

/** The parsed body; an object naming a member twice is refused (400 naming the member). */
export function parseJson(text: string): unknown {
  const { value, duplicates } = parseJsonMembers(text);
  refuseDuplicateMembers(duplicates);
  return value;
}

/**
 * The value against the schema, text PostgreSQL cannot store refused first. `checkText: false`
 * is for a body whose parts are validated one by one later (a batch: one bad item must not
 * refuse the others).
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, options: { checkText?: boolean } = {}): z.infer<S> {
  const bad = options.checkText === false ? undefined : unstorableText(value);
  if (bad) throw validationFailed([{ field: bad.path || "(root)", message: bad.message }]);
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error));
  return result.data;
}

export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await readJsonText(request);
  return validate(schema, parseJson(text), { checkText: mayHoldUnstorableText(text) });
}

/**
 * Whether a body's parsed value may hold text PostgreSQL cannot store. Text decoded from valid
 * UTF-8 is well-formed and JSON admits no raw control character in a string, so a NUL or a lone
 * surrogate can only come from a \u escape or from bytes that are not UTF-8 (decoded as lone
 * surrogates, so the text is not well-formed): with neither, the walk over every string and key
 * of the value is skipped (most bodies have none).
 */
const mayHoldUnstorableText = (text: string) => text.includes("\\u") || !text.isWellFormed();
