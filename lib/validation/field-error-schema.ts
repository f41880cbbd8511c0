// A field error (lib/errors.ts) as a schema: the problem+json body's `errors` and a batch item's
// refusal both hold them, and the OpenAPI document names it FieldError.
import { z } from "zod";

export const fieldErrorSchema = z.strictObject({
  field: z.string().describe("Dotted path of the field (authenticationData.terminalIdentifier), or a query parameter's name"),
  message: z.string(),
  line: z.int().min(1).optional().describe("The line of an uploaded file the fault is on (a reconciliation statement)"),
});
