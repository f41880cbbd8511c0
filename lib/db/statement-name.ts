// A prepared statement's name, derived from its text, so each distinct query (each filter
// combination of a list) is planned once per connection. Names are remembered: the hot path
// hashes a given text once per process.
import { createHash } from "node:crypto";

const names = new Map<string, string>();

export function statementName(prefix: string, text: string): string {
  const key = `${prefix}\u0000${text}`;
  let name = names.get(key);
  if (!name) {
    name = `${prefix}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(key, name);
  }
  return name;
}
