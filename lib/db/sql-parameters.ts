// Named parameters for a hand-written statement: the names are declared once, in order, and
// give both the placeholders written into the SQL text ($1, $2, ...) and the values array built
// from an object with those names, so nobody counts positions and a value cannot go to the wrong
// one. The text stays plain positional SQL: one prepared statement, planned as before.

export type SqlParameters<Name extends string> = {
  /** The placeholder of each name, for the SQL text: `${p.at.limit}` is "$1". */
  at: Readonly<Record<Name, string>>;
  /** The values in placeholder order; every name is required. */
  values: (named: Readonly<Record<Name, unknown>>) => unknown[];
};

export function sqlParameters<const Name extends string>(names: readonly Name[]): SqlParameters<Name> {
  if (new Set(names).size !== names.length) throw new Error(`sqlParameters: a name is declared twice (${names.join(", ")})`);
  const at = Object.fromEntries(names.map((name, i) => [name, `$${i + 1}`])) as Record<Name, string>;
  return { at, values: (named) => names.map((name) => named[name]) };
}
