// zod issues as the API's field errors: a dotted path per problem, unknown keys named one by one.
import type { z } from "zod";
import type { FieldError } from "@/lib/errors";
import { PROTO_KEY_ALIAS } from "@/lib/validation/own-keys-record";

const segment = (key: PropertyKey) => (key === PROTO_KEY_ALIAS ? "__proto__" : String(key));

export function fieldErrorsOf(error: z.ZodError, prefix = ""): FieldError[] {
  const join = (path: PropertyKey[]) => [prefix, ...path.map(segment)].filter(Boolean).join(".") || "(root)";
  return error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: join([...issue.path, key]), message: "is not a known field" }));
    }
    return [{ field: join(issue.path), message: issue.message }];
  });
}
