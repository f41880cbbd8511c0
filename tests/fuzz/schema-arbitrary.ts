// fast-check arbitraries for the JSON Schemas of our OpenAPI document: values that satisfy a
// schema (to reach the code behind validation) and hostile values (to test validation itself).
// Written for the subset zod's toJSONSchema emits; the published converters target zod 3 or
// fast-check 3, and this document is all that has to be understood.
import { isUtf8 } from "node:buffer";
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

/**
 * Dates a parser takes but PostgreSQL's timestamps may not (4713 BC to 294276 AD; JavaScript's
 * Date reaches ±275760): year 0, negative and six-digit years, the last day of 9999.
 */
export const EXTREME_DATES = [
  "0000-01-01",
  "0000-06-01",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "-271821-04-20T00:00:00Z",
  "9999-12-31",
  "9999-12-31T23:59:59.999Z",
  "+275760-09-13T00:00:00Z",
  "275760-09-13",
];

/** A date (YYYY-MM-DD), an instant (ISO 8601), or now and then an extreme one. */
export const dateText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 3,
    arbitrary: fc
      .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  { weight: 2, arbitrary: fc.constantFrom(...EXTREME_DATES) },
);

/**
 * Text no column should take silently: lone UTF-16 surrogates (JSON can escape them, UTF-8 and
 * PostgreSQL cannot hold them), NUL and other control characters, alone or inside text.
 */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("\ud800", "\udc00", "\udbff", "\udfff", "A\ud800B", "x\udc00", "\ud800\ud800", "\udc00\ud800"),
  fc.constantFrom("\u0000", "a\u0000b", "ok\u0000nul", "\u0001", "\b", "\u001b[31m", "\u007f", "\u0085", "\u2028", "\ufeff"),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("\ud800", "\udc00", "\u0000", "\u0007", "\r\n=1+1;"),
      fc.string({ maxLength: 8 }),
    )
    .map(([a, odd, b]) => `${a}${odd}${b}`),
);

/** Keys that a plain object handles specially: assigned, they set its prototype or shadow a method. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

/** An object holding exactly these own keys (`__proto__` included), as JSON.parse would make it. */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === "date-time") {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
          .map((d) => d.toISOString()),
      },
      { weight: 1, arbitrary: fc.constantFrom(...EXTREME_DATES.filter((d) => d.includes("T"))) },
    );
  }
  if (s.format === "date")
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...EXTREME_DATES.filter((d) => !d.includes("T"))) },
    );
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
      if (!s.properties && s.additionalProperties) return freeFormObject(document, s, depth, hints);
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

/**
 * A free-form object (metadata, additionalData): a few entries, their keys now and then ones a
 * plain object treats specially (`__proto__`, `constructor`), which must be stored as sent or refused.
 */
function freeFormObject(document: OpenApiDocument, s: JsonSchema, depth: number, hints: Hints): Arb {
  const names = (s.propertyNames as JsonSchema | undefined) ?? {};
  const minLength = Math.max(1, (names.minLength as number | undefined) ?? 1);
  const maxLength = Math.min((names.maxLength as number | undefined) ?? 20, 20);
  const values = s.additionalProperties as JsonSchema | true;
  const free = values === true || Object.keys(values).length === 0;
  const value: Arb = free
    ? fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) })
    : validValue(document, values, depth + 1, hints);
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  );
  return fc.uniqueArray(fc.tuple(key, value), { maxLength: 3, selector: ([k]) => k }).map(objectOf);
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
  oddText,
  fc.constantFrom(...EXTREME_DATES),
  // Spreadsheet formulas, for the CSV export (pt-BR Excel splits cells on ";").
  fc.constantFrom('=HYPERLINK("http://x")', ";=1+1", "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3", "\t=1", "a;b;=c"),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** What a mutation gives: the value sent, and the path of what it changed (when it changed something). */
type Mutated = { value: unknown; changed?: string };

/** A valid value of the schema, and a number and a `with` value for `mutate` to change it with. */
function mutated<W>(
  document: OpenApiDocument,
  schema: JsonSchema,
  hints: Hints,
  withArbitrary: fc.Arbitrary<W>,
  mutate: (value: unknown, pick: number, withValue: W) => Mutated,
): fc.Arbitrary<Mutated> {
  return fc
    .tuple(validValue(document, schema, 0, hints), fc.nat(), withArbitrary)
    .map(([value, pick, withValue]) => mutate(value, pick, withValue));
}

/** A valid object with one thing wrong: a property dropped, replaced by a hostile value, or an unknown one added. */
export function mutatedObject(document: OpenApiDocument, schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<Mutated> {
  const change = fc.tuple(hostileValue, fc.constantFrom("drop", "replace", "add"), fc.string({ minLength: 1, maxLength: 12 }));
  return mutated(document, schema, hints, change, (value, pick, [junk, how, extra]) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return { value: junk };
    const copy = objectOf(Object.entries(value as Record<string, unknown>));
    const names = Object.keys(copy);
    if (how === "add" || names.length === 0) {
      Object.defineProperty(copy, extra, { value: junk, enumerable: true, writable: true, configurable: true });
      return { value: copy, changed: extra };
    }
    const name = names[pick % names.length]!;
    if (how === "drop") delete copy[name];
    else copy[name] = junk;
    return { value: copy, changed: name };
  });
}

/** Every string inside a JSON value, by its path (keys and indexes). */
function stringLeaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...at, k]));
  return [];
}

function replacedAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replacedAt(v, rest, replacement) : v));
  return objectOf(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, k === head ? replacedAt(v, rest, replacement) : v]),
  );
}

/**
 * A valid value with one string anywhere inside it (a holder name in the second item of a batch,
 * a metadata value) replaced by odd text or an extreme date: what one field of a real request
 * carries, the rest of it valid, so that the odd value reaches as far as the code lets it.
 */
export function mutatedLeaf(document: OpenApiDocument, schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<Mutated> {
  const odd = fc.oneof({ weight: 3, arbitrary: oddText }, { weight: 1, arbitrary: fc.constantFrom(...EXTREME_DATES) });
  return mutated(document, schema, hints, odd, (value, pick, replacement) => {
    const leaves = stringLeaves(value);
    if (leaves.length === 0) return { value };
    const at = leaves[pick % leaves.length]!;
    return { value: replacedAt(value, at, replacement), changed: at.join(".") };
  });
}

/**
 * Byte sequences that are not UTF-8: never-valid bytes, a Latin-1 letter (0xE9 "é", 0xC3 "Ã"
 * before ASCII), a lone continuation byte, overlong forms, a surrogate (CESU-8), past U+10FFFF,
 * an emoji cut short, and random ones. Between two whole characters they stay ill-formed: what
 * follows them starts a character, never continues one.
 */
const notUtf8Bytes: fc.Arbitrary<number[]> = fc.oneof(
  fc.constantFrom<number[]>(
    [0xff],
    [0xfe, 0xff],
    [0xe9],
    [0xc3],
    [0x80],
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf0, 0x9f, 0x98],
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .filter((bytes) => !isUtf8(bytes))
    .map((bytes) => [...bytes]),
);

/** Where the bytes go in the JSON text before they are put in: no JSON text holds it. */
const NOT_UTF8_MARK = "\u{10fffd}not-utf8\u{10fffd}";

/**
 * A valid value with bytes that are not UTF-8 inside one of its strings (a holder name in the
 * second item of a batch, a metadata value), or after the JSON text when it has none: the JSON
 * text with each such byte written as the lone surrogate U+DC00 + byte, for the sender to encode
 * back into those bytes (encodeUtf8SurrogateEscape); `changed` is the string's path. Never stored:
 * refused with 400 naming the field, or the item of a batch alone.
 */
export function notUtf8Body(
  document: OpenApiDocument,
  schema: JsonSchema,
  hints: Hints = {},
): fc.Arbitrary<{ value: unknown; text: string; changed?: string }> {
  return fc.tuple(validValue(document, schema, 0, hints), fc.nat(), fc.nat(), notUtf8Bytes).map(([value, pick, at, bytes]) => {
    const escaped = String.fromCharCode(...bytes.map((b) => 0xdc00 | b));
    const leaves = stringLeaves(value);
    if (leaves.length === 0) return { value, text: `${JSON.stringify(value) ?? "null"}${escaped}` };
    const path = leaves[pick % leaves.length]!;
    const original = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value) as string;
    // Between two code points, never inside a surrogate pair (JSON.stringify would escape its halves).
    const points = [...original];
    const cut = at % (points.length + 1);
    const marked = replacedAt(value, path, `${points.slice(0, cut).join("")}${NOT_UTF8_MARK}${points.slice(cut).join("")}`);
    return { value, text: JSON.stringify(marked).replace(NOT_UTF8_MARK, escaped), changed: path.join(".") };
  });
}

/**
 * The JSON text of an object value with one member name repeated (which JSON.stringify cannot
 * write): the duplicate comes first with another value, so a parser where the last one wins sees
 * a valid request. `{"role":"admin", ...}` becomes `{"role":"viewer","role":"admin", ...}`.
 */
export function withDuplicateMember(value: unknown, pick: number, other: unknown): { text: string; duplicate?: string } {
  const objects: { at: string; object: Record<string, unknown> }[] = [];
  const collect = (v: unknown, at: string) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) collect(x, `${at}[${i}]`);
    } else if (v && typeof v === "object") {
      if (Object.keys(v).length > 0) objects.push({ at, object: v as Record<string, unknown> });
      for (const [k, x] of Object.entries(v)) collect(x, at ? `${at}.${k}` : k);
    }
  };
  collect(value, "");
  if (objects.length === 0) return { text: JSON.stringify(value) };
  const target = objects[pick % objects.length]!;
  const names = Object.keys(target.object);
  const name = names[Math.floor(pick / objects.length) % names.length]!;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(",")}]`;
    if (v && typeof v === "object") {
      const members = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`);
      if (v === target.object) members.unshift(`${JSON.stringify(name)}:${JSON.stringify(other) ?? "null"}`);
      return `{${members.join(",")}}`;
    }
    return JSON.stringify(v) ?? "null";
  };
  return { text: write(value), duplicate: target.at ? `${target.at}.${name}` : name };
}
