// What the API reference page shows, read from the OpenAPI document: operations grouped by tag,
// shared parts ($ref) resolved, and short summaries of parameter schemas. Pure functions.
import { documentOperations } from "@/lib/openapi/document-reading";
import type { HttpMethod, JsonSchema, OpenApiDocument, Operation } from "@/lib/openapi/types";

export { resolve, resolveHeader, resolveParameter, resolveResponse } from "@/lib/openapi/document-reading";

export type ReferenceOperation = { method: HttpMethod; path: string; operation: Operation; anchor: string };
export type ReferenceTag = { name: string; description?: string; anchor: string; operations: ReferenceOperation[] };

export const schemaAnchor = (name: string) => `schema-${name}`;
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Operations by tag, in the document's tag order and path order. */
export function operationsByTag(document: OpenApiDocument): ReferenceTag[] {
  const tags: ReferenceTag[] = document.tags.map((tag) => ({ ...tag, anchor: `tag-${slug(tag.name)}`, operations: [] }));
  for (const { path, method, operation } of documentOperations(document)) {
    const name = operation.tags[0] ?? "Other";
    let tag = tags.find((t) => t.name === name);
    if (!tag) {
      tag = { name, anchor: `tag-${slug(name)}`, operations: [] };
      tags.push(tag);
    }
    tag.operations.push({ method, path, operation, anchor: `op-${operation.operationId}` });
  }
  return tags.filter((t) => t.operations.length > 0);
}

/**
 * The named schema a $ref points to ("Merchant"), if the schema is one, or narrows one (a
 * problem+json response's schema is Problem with its status and codes fixed).
 */
export function schemaName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) return ref.slice("#/components/schemas/".length);
  const [only, ...more] = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return only && more.length === 0 ? schemaName(only) : undefined;
}

/** A one-line description of a simple schema: "string · 1–64 characters", "one of: a, b". */
export function schemaSummary(schema: JsonSchema): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(", ")}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  parts.push(Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "any"));
  const min = schema.minLength as number | undefined;
  const max = schema.maxLength as number | undefined;
  if (min !== undefined && max !== undefined) parts.push(`${min}–${max} characters`);
  else if (max !== undefined) parts.push(`at most ${max} characters`);
  else if (min !== undefined && min > 1) parts.push(`at least ${min} characters`);
  if (typeof schema.pattern === "string") parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(" · ");
}

/** The problem codes a problem+json response schema narrows to (see lib/openapi/components.ts). */
export function problemCodes(schema: JsonSchema): string[] {
  const code = (schema.properties as Record<string, JsonSchema> | undefined)?.code;
  return Array.isArray(code?.enum) ? code.enum.map(String) : [];
}
