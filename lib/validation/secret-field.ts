// A response field that may carry a secret (a signing secret, a provider's key, a password, a
// token, a one-time link): marked in its zod schema, which the OpenAPI document turns into the
// `x-secret` keyword. The document then declares `Cache-Control: no-store` on every answer whose
// body holds such a field (lib/openapi/secret-answers.ts), and the response validator of the
// tests requires the header there; the route wrapper sends no-store on every answer that names
// no policy of its own. A new route showing a secret is thus no-store by its schema alone.
import type { z } from "zod";

export const SECRET_KEYWORD = "x-secret";

/** The schema, marked as one that may carry a secret in an answer. */
export function secretField<S extends z.ZodType>(schema: S): S {
  return schema.meta({ [SECRET_KEYWORD]: true }) as S;
}
