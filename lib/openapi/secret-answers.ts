// Every successful answer whose body may hold a secret (a schema marked by secretField(), the
// `x-secret` keyword) declares `Cache-Control: no-store`: derived here from the schemas, so no
// route's declaration has to remember it. The route wrapper sends the header (lib/http/route.ts),
// and the tests' response validator requires what the document declares.
import "server-only";
import { HEADERS } from "@/lib/openapi/components";
import { documentOperations, resolve } from "@/lib/openapi/document-reading";
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/types";
import { SECRET_KEYWORD } from "@/lib/validation/secret-field";

/** Whether the schema, or any schema it holds or refers to, is marked as carrying a secret. */
export function holdsSecret(document: OpenApiDocument, schema: unknown, seen = new Set<unknown>()): boolean {
  if (schema === null || typeof schema !== "object" || seen.has(schema)) return false;
  seen.add(schema);
  if (Array.isArray(schema)) return schema.some((item) => holdsSecret(document, item, seen));
  const object = schema as JsonSchema;
  if (object[SECRET_KEYWORD] === true) return true;
  if (typeof object.$ref === "string" && object.$ref.startsWith("#/components/schemas/")) {
    return holdsSecret(document, resolve<JsonSchema>(document, { $ref: object.$ref }).value, seen);
  }
  return Object.values(object).some((value) => holdsSecret(document, value, seen));
}

/** The document with no-store declared on each 2xx answer that may hold a secret. */
export function declareNoStoreOnSecrets(document: OpenApiDocument): OpenApiDocument {
  for (const { operation } of documentOperations(document)) {
    for (const [status, answer] of Object.entries(operation.responses)) {
      if (!/^2\d\d$/.test(status)) continue;
      const response = resolve(document, answer).value;
      const schemas = Object.values(response.content ?? {}).map((media) => media.schema);
      if (schemas.some((schema) => holdsSecret(document, schema))) {
        response.headers = { ...response.headers, "Cache-Control": HEADERS.noStore };
      }
    }
  }
  return document;
}
