// zod schemas as JSON Schema 2020-12 through zod's own converter, so the document describes the
// very schemas that validate requests and shape responses. `input` is what a client may send
// (defaults make a field optional, transforms are not applied); `output` is what the API answers.
import { z } from "zod";
import type { JsonSchema } from "@/lib/openapi/types";

export type Io = "input" | "output";

const OPTIONS = { unrepresentable: "any", target: "draft-2020-12" } as const;

/** Where a named schema lives in the document. */
export const schemaRef = (name: string) => `#/components/schemas/${name}`;

// The converter marks each result as a standalone schema; inside the document it is not one.
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** One schema, inlined (named components it contains are not referenced: use namedSchemas). */
export function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  return embedded(z.toJSONSchema(schema, { ...OPTIONS, io }) as JsonSchema);
}

/**
 * Named schemas for components.schemas: each one that appears inside another becomes a $ref
 * to its own entry, so shared shapes (EventData inside Event and EventDetail) appear once.
 */
export function namedSchemas(schemas: Record<string, z.ZodType>, io: Io): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) {
    if (registry.has(schema)) throw new Error(`The schema named ${id} is already named ${registry.get(schema)?.id}.`);
    registry.add(schema, { id });
  }
  const { schemas: converted } = z.toJSONSchema(registry, { ...OPTIONS, io, uri: schemaRef }) as {
    schemas: Record<string, JsonSchema>;
  };
  return Object.fromEntries(Object.entries(converted).map(([id, schema]) => [id, embedded(schema)]));
}
