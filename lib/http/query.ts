// Query strings against a strict schema: unknown or repeated parameters, values over
// MAX_QUERY_VALUE_LENGTH and text PostgreSQL cannot store (lib/validation/storable-text.ts) are
// refused by name, before the route's schema (which bounds each field more tightly where it
// has a natural length).
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

export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = requestUrl(request).searchParams;
  // No prototype: "constructor" is not already "in" it, and "__proto__" is a key like any other.
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of params) {
    if (key.length > MAX_QUERY_NAME_LENGTH) {
      throw validationFailed([{ field: `${key.slice(0, MAX_QUERY_NAME_LENGTH)}…`, message: "is not a known field" }]);
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
