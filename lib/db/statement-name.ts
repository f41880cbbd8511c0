// A prepared statement's name, derived from its text, so each distinct query (each filter
// combination of a list) is planned once per connection. Bounded: pg and PostgreSQL keep every
// statement a connection prepared until it closes, and list filters, page sizes and sorts
// multiply into millions of texts, so a caller cycling them grew Node and PostgreSQL memory
// without end. Only MAX_NAMED_STATEMENTS texts ever get a name (so each connection holds at most
// that many), and only once seen ADMIT_AFTER times, so that one-off combinations do not take the
// places of the common ones; every other text runs unnamed (planned on each execution).
import { createHash } from "node:crypto";

export const MAX_NAMED_STATEMENTS = 200;
const ADMIT_AFTER = 2;
const MAX_CANDIDATES = 2000;

const names = new Map<string, string>();
const sightings = new Map<string, number>();

export function statementName(prefix: string, text: string): string | undefined {
  const key = `${prefix}\u0000${text}`;
  const known = names.get(key);
  if (known) return known;
  if (names.size >= MAX_NAMED_STATEMENTS) return undefined;
  const seen = (sightings.get(key) ?? 0) + 1;
  if (seen < ADMIT_AFTER) {
    // The candidates are bounded too: when full, they start over.
    if (sightings.size >= MAX_CANDIDATES) sightings.clear();
    sightings.set(key, seen);
    return undefined;
  }
  sightings.delete(key);
  const name = `${prefix}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  names.set(key, name);
  return name;
}

/** How many texts have a name and how many are candidates: for the soak's report and tests. */
export function statementNameCounts(): { named: number; candidates: number } {
  return { named: names.size, candidates: sightings.size };
}
