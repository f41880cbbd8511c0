// What an audit entry changed, as lines: every field of a creation, the differing fields of a
// change. Nested objects (authenticationData, additionalData) are flattened to dotted paths.
export type ChangeLine = { path: string; before?: string; after?: string };

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, "{}");
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (prefix) out.set(prefix, typeof value === "string" ? value : JSON.stringify(value));
}

function flat(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && value !== undefined) flatten(value, "", out);
  return out;
}

export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const a = flat(before);
  const b = flat(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((path) => a.get(path) !== b.get(path)).map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}
