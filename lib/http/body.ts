// Reading a JSON request body, defensively: JSON content type (415), at most 64 KiB (413),
// nested at most MAX_JSON_DEPTH levels (400), well-formed (400), free of NUL characters (400), then the route's schema (400 naming each bad
// or unknown field).
import type { z } from "zod";
import { badRequest, payloadTooLarge, unsupportedMediaType, validationFailed } from "@/lib/errors";
import { jsonNestingDepth, MAX_JSON_DEPTH } from "@/lib/http/json-depth";
import { NUL_MESSAGE, nulCharacterPath } from "@/lib/http/nul-characters";
import { fieldErrorsOf } from "@/lib/http/zod-errors";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) => payloadTooLarge(`The request body exceeds ${maxBytes} bytes.`);

/** The raw body as text, refused when it is not JSON or larger than maxBytes (64 KiB unless a route says). */
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
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function parseJson(text: string): unknown {
  if (text.trim() === "") throw badRequest("malformed_json", "The request body is empty; a JSON object is expected.");
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
    throw badRequest("nesting_too_deep", `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("malformed_json", "The request body is not valid JSON.");
  }
}

/**
 * The value against the schema, NUL characters refused first. `checkNul: false` is for a body
 * whose parts are validated one by one later (a batch: one bad item must not refuse the others).
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, options: { checkNul?: boolean } = {}): z.infer<S> {
  const nul = options.checkNul === false ? undefined : nulCharacterPath(value);
  if (nul !== undefined) throw validationFailed([{ field: nul || "(root)", message: NUL_MESSAGE }]);
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error));
  return result.data;
}

export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, parseJson(await readJsonText(request)));
}
