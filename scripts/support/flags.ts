// A script's command-line flags (--name value), each declared once by its default: a number is
// read as a number, a boolean is a switch, a string stays text.
import { parseArgs } from "node:util";

type Flags<D> = { [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : string };

export function parseFlags<const D extends Record<string, number | string | boolean>>(defaults: D): Flags<D> {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === "boolean"
        ? { type: "boolean" as const, default: value }
        : { type: "string" as const, default: String(value) },
    ]),
  );
  const { values } = parseArgs({ options });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, typeof value === "number" ? Number(values[name]) : values[name]]),
  ) as Flags<D>;
}
