// A zod record that keeps every key it is sent. zod's own record leaves a "__proto__" key out
// without a word (assigning it to the plain object it builds would set that object's prototype
// instead), so {"__proto__":"x","a":"b"} became {"a":"b"}: data dropped silently. JSON.parse keeps
// it as an own property, and a notification's metadata is stored as sent, so here the key goes
// through zod under an alias no accepted input can hold (it holds a lone surrogate, which the
// body reader refuses first: lib/validation/storable-text.ts), validated like any key, and is defined
// back as an own property, never assigned. "constructor" and "prototype" need nothing: zod
// keeps them, and nothing reads them off a prototype.
import { z } from "zod";

const PROTO = "__proto__";
/** What "__proto__" is called inside zod; error paths name it back (lib/validation/zod-errors.ts). */
export const PROTO_KEY_ALIAS = "\ud800__proto__";

/** Sets an own, enumerable property, even "__proto__" (plain assignment would set the prototype). */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function renamed(value: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) defineOwn(copy, key === from ? to : key, item);
  return copy;
}

const holds = (value: unknown, key: string): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, key);

/** `record` (a z.record, refinements allowed), keeping a "__proto__" key as an own property. */
export function keepingProtoKey<S extends z.ZodType<Record<string, unknown>>>(record: S) {
  return z.preprocess(
    (input) => (holds(input, PROTO) ? renamed(input, PROTO, PROTO_KEY_ALIAS) : input),
    record.overwrite((output) =>
      holds(output, PROTO_KEY_ALIAS) ? (renamed(output, PROTO_KEY_ALIAS, PROTO) as typeof output) : output,
    ),
  );
}
