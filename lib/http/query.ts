// Query strings against a strict schema: unknown or repeated parameters, values over
// MAX_QUERY_VALUE_LENGTH, percent-encoded bytes that are not UTF-8 and text PostgreSQL cannot
// store (lib/validation/storable-text.ts) are refused by name, before the route's schema (which
// bounds each field more tightly where it has a natural length).
// URLSearchParams decodes bytes that are not UTF-8 to U+FFFD, so `merchant_name=%FF` and
// `merchant_name=%EF%BF%BD` would read the same and the first would be filtered on (or stored) as
// the second: the raw query string is checked for them first.
import type { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { requestUrl } from "@/lib/request/request-url";
import { unstorableTextMessage } from "@/lib/validation/storable-text";
import { fieldErrorsOf } from "@/lib/validation/zod-errors";

/**
 * Far above any legitimate value (the longest, a cursor, is at most 512 characters) and far
 * below what would cost anything to compare, log or echo. A schema's own `.max()` is tighter.
 */
export const MAX_QUERY_VALUE_LENGTH = 1024;
/** No parameter's name is longer; a longer one is named shortened in the refusal. */
const MAX_QUERY_NAME_LENGTH = 64;

export const QUERY_NOT_UTF8_MESSAGE =
  "is not valid UTF-8 (percent-encoded bytes that are not UTF-8, such as %FF or a Latin-1 %E3)";

/** A percent-encoded byte of 0x80 or more: without one, every name and value is UTF-8 (ASCII). */
const HIGH_BYTE = /%[89a-f][0-9a-f]/i;

/**
 * A query string component (a name or a value) decoded as URLSearchParams decodes it, or
 * undefined when its bytes are not UTF-8. decodeURIComponent throws on those, and on a "%" that
 * starts no escape, which URLSearchParams keeps as it is: such a "%" is escaped first.
 */
function utf8Component(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll("+", " ").replace(/%(?![0-9a-f]{2})/gi, "%25"));
  } catch {
    return undefined;
  }
}

/**
 * The name of the first parameter whose name or value is not UTF-8: decoded when only the value
 * is bad, as sent (still percent-encoded) when the name itself is. Undefined when there is none,
 * after one regular-expression test for nearly every query string.
 */
function parameterNotUtf8(search: string): string | undefined {
  if (!HIGH_BYTE.test(search)) return undefined;
  for (const pair of search.slice(1).split("&")) {
    if (!HIGH_BYTE.test(pair)) continue;
    const at = pair.indexOf("=");
    const rawName = at === -1 ? pair : pair.slice(0, at);
    const name = utf8Component(rawName);
    if (name === undefined) return rawName;
    if (at !== -1 && utf8Component(pair.slice(at + 1)) === undefined) return name;
  }
  return undefined;
}

const shortened = (name: string) => (name.length > MAX_QUERY_NAME_LENGTH ? `${name.slice(0, MAX_QUERY_NAME_LENGTH)}…` : name);

export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const url = requestUrl(request);
  const notUtf8 = parameterNotUtf8(url.search);
  if (notUtf8 !== undefined) throw validationFailed([{ field: shortened(notUtf8), message: QUERY_NOT_UTF8_MESSAGE }]);
  const params = url.searchParams;
  // No prototype: "constructor" is not already "in" it, and "__proto__" is a key like any other.
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of params) {
    if (key.length > MAX_QUERY_NAME_LENGTH) {
      throw validationFailed([{ field: shortened(key), message: "is not a known field" }]);
    }
    const unstorable = unstorableTextMessage(key) ?? unstorableTextMessage(value);
    if (unstorable) throw validationFailed([{ field: key, message: unstorable }]);
    if (key in values) throw validationFailed([{ field: key, message: "is given more than once" }]);
    if (value.length > MAX_QUERY_VALUE_LENGTH) {
      throw validationFailed([{ field: key, message: `must be at most ${MAX_QUERY_VALUE_LENGTH} characters` }]);
    }
    values[key] = value;
  }
  const result = schema.safeParse(values);
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error), "The query string is not valid.");
  return result.data;
}
