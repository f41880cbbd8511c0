// fast-check arbitraries for the JSON Schemas of our OpenAPI document: values that satisfy a
// schema (to reach the code behind validation) and hostile values (to test validation itself).
// Written for the subset zod's toJSONSchema emits; the published converters target zod 3 or
// fast-check 3, and this document is all that has to be understood.
import fc from "fast-check";
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/types";

type Arb = fc.Arbitrary<unknown>;

export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const target = document.components.schemas[ref.slice("#/components/schemas/".length)];
    if (!target) throw new Error(`The document's reference ${ref} leads nowhere.`);
    return resolveSchema(document, target);
  }
  return schema;
}

/** The property names an object schema declares (through references and unions). */
export function propertyNames(document: OpenApiDocument, schema: JsonSchema): string[] {
  const s = resolveSchema(document, schema);
  const own = Object.keys((s.properties as Record<string, unknown> | undefined) ?? {});
  const nested = [
    ...((s.anyOf as JsonSchema[]) ?? []),
    ...((s.oneOf as JsonSchema[]) ?? []),
    ...((s.allOf as JsonSchema[]) ?? []),
  ].flatMap((inner) => propertyNames(document, inner));
  return [...new Set([...own, ...nested])];
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === "date-time") {
    return fc
      .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === "date")
    return fc
      .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === "uuid") return fc.uuid();
  if (s.format === "email") return fc.emailAddress();
  if (typeof s.pattern === "string") {
    try {
      const minLength = (s.minLength as number | undefined) ?? 0;
      const maxLength = (s.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
    } catch {
      // A pattern fast-check cannot generate from: fall back to plain strings.
    }
  }
  const minLength = (s.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((s.maxLength as number | undefined) ?? 40, minLength + 60);
  return fc.string({ minLength, maxLength });
}

/** Values to use, besides generated ones, for properties of these names (ids that exist, ...). */
export type Hints = Record<string, Arb>;

/** Values that the schema accepts (mostly: cross-field rules the schema cannot state may fail). */
export function validValue(document: OpenApiDocument, schema: JsonSchema, depth = 0, hints: Hints = {}): Arb {
  const s = resolveSchema(document, schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const unions = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (unions?.length) return fc.oneof(...unions.map((inner) => validValue(document, inner, depth + 1, hints)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return validValue(document, s.allOf[0] as JsonSchema, depth + 1, hints);
  const type = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => validValue(document, { ...s, type: t }, depth + 1, hints)));
  switch (type[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({
        min: (s.minimum as number | undefined) ?? -1_000_000,
        max: (s.maximum as number | undefined) ?? 1_000_000,
      });
    case "number":
      return fc.double({
        min: (s.minimum as number | undefined) ?? -1_000_000,
        max: (s.maximum as number | undefined) ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "string":
      return stringOf(s);
    case "array": {
      const minLength = (s.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((s.maxItems as number | undefined) ?? 3, minLength + 3);
      return depth > 6
        ? fc.constant([])
        : fc.array(validValue(document, (s.items as JsonSchema) ?? {}, depth + 1, hints), { minLength, maxLength });
    }
    case "object": {
      const properties = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (s.required as string[] | undefined) ?? [];
      if (depth > 6) return fc.constant({});
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, inner]) => {
            const generated = validValue(document, inner, depth + 1, hints);
            const hint = hints[name];
            return [name, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: generated }) : generated];
          }),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values a hostile client sends: wrong types, huge and odd strings, nesting, nulls. */
export const hostileValue: Arb = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "null", "true", "[]", "{}", "../..", "%00", "\u0000", "' OR 1=1 --"),
  fc.constantFrom("a".repeat(5_000), "9".repeat(400), "ã".repeat(300), "2026-02-30T25:61:00Z", "1970-01-01"),
  // Spreadsheet formulas, for the CSV export (pt-BR Excel splits cells on ";").
  fc.constantFrom('=HYPERLINK("http://x")', ";=1+1", "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3", "\t=1", "a;b;=c"),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A valid object with one thing wrong: a property dropped, replaced by a hostile value, or an unknown one added. */
export function mutatedObject(
  document: OpenApiDocument,
  schema: JsonSchema,
  hints: Hints = {},
): fc.Arbitrary<{ value: unknown; changed?: string }> {
  return fc
    .tuple(
      validValue(document, schema, 0, hints),
      fc.nat(),
      hostileValue,
      fc.constantFrom("drop", "replace", "add"),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .map(([value, pick, junk, how, extra]) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return { value: junk };
      const copy = { ...(value as Record<string, unknown>) };
      const names = Object.keys(copy);
      if (how === "add" || names.length === 0) {
        copy[extra] = junk;
        return { value: copy, changed: extra };
      }
      const name = names[pick % names.length]!;
      if (how === "drop") delete copy[name];
      else copy[name] = junk;
      return { value: copy, changed: name };
    });
}
