// PostgreSQL cannot store U+0000 in text or jsonb: a string holding one must be refused as bad
// input (400 naming the field, 404 for an id) before it reaches the database, where it would fail
// as a 500. JSON and percent-encoding both carry it (\u0000, %00), so every input is checked.

export const NUL_MESSAGE = "contains a NUL character (U+0000), which is not allowed";

/** The dotted path of the first string (or key) holding U+0000, "" for the root; undefined if none. */
export function nulCharacterPath(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterPath(item, path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return at;
      const found = nulCharacterPath(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
