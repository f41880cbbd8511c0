// Query strings against a strict schema: unknown or repeated parameters, and NUL characters, are
// refused by name.
import type { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { NUL_MESSAGE } from "@/lib/http/nul-characters";
import { fieldErrorsOf } from "@/lib/http/zod-errors";

export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in values) throw validationFailed([{ field: key, message: "is given more than once" }]);
    if (`${key}${value}`.includes("\u0000")) throw validationFailed([{ field: key, message: NUL_MESSAGE }]);
    values[key] = value;
  }
  const result = schema.safeParse(values);
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error), "The query string is not valid.");
  return result.data;
}
