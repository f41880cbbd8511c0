// The import graph between lib/'s parts, read from the source, and the floors' rules checked on it.
// A part is a folder directly under lib/ ("auth" for lib/auth/…) or a top-level file without its
// extension ("env" for lib/env.ts). Static imports, re-exports, `import type` and dynamic
// `import("…")` all count, "@/lib/…" and relative alike: each is a dependency between parts.
// Unit tests beside the code (*.test.ts) do not: a test stands above whatever it exercises.
// Free of lib/ itself, so the house rules' test reads it without loading what it measures.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type LibImport = { file: string; from: string; to: string; module: string };
export type Floor = { name: string; parts: readonly string[] };

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(root, relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The lib part a path under lib/ belongs to: "auth" for lib/auth/token-service.ts, "env" for lib/env.ts. */
export function partOf(libPath: string): string | undefined {
  const parts = path.posix.normalize(libPath).split("/");
  if (parts[0] !== "lib" || parts.length < 2) return undefined;
  return parts.length === 2 ? parts[1]!.replace(/\.tsx?$/, "") : parts[1];
}

/** The repository path a specifier names ("@/lib/db/client" or "../db/client" from lib/auth/x.ts). */
function targetOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return undefined;
}

/** Every import from one lib part into another, from the .ts/.tsx files under root/lib/. */
export function libImports(root: string): LibImport[] {
  if (!existsSync(path.join(root, "lib"))) return [];
  return filesUnder(root, "lib").flatMap((file) => {
    const from = partOf(file)!;
    // The compiler's own reader of a file's imports: comments and strings that look like one are not.
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    return importedFiles.flatMap(({ fileName: module }) => {
      const target = targetOf(file, module);
      const to = target === undefined ? undefined : partOf(target);
      return to === undefined || to === from ? [] : [{ file, from, to, module }];
    });
  });
}

const describeImport = (i: LibImport) => `${i.file} imports ${i.module}`;

/** Pairs of parts that import each other, each with the imports both ways. */
export function twoWayPairs(imports: readonly LibImport[]): string[] {
  const edges = new Map<string, LibImport[]>();
  for (const i of imports) edges.set(`${i.from}>${i.to}`, [...(edges.get(`${i.from}>${i.to}`) ?? []), i]);
  return [...edges.keys()]
    .map((key) => key.split(">") as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to}>${from}`))
    .map(
      ([a, b]) =>
        `lib/${a} and lib/${b} import each other: ` +
        [...edges.get(`${a}>${b}`)!, ...edges.get(`${b}>${a}`)!].map(describeImport).join("; "),
    );
}

/** Cycles through several parts (a → b → c → a): two-way pairs are the shortest; none is allowed. */
export function importCycles(imports: readonly LibImport[]): string[] {
  const next = new Map<string, string[]>();
  for (const i of imports) next.set(i.from, [...new Set([...(next.get(i.from) ?? []), i.to])].sort());
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (part: string) => {
    path.push(part);
    for (const to of next.get(part) ?? []) {
      if (path.includes(to)) found.push([...path.slice(path.indexOf(to)), to].map((p) => `lib/${p}`).join(" → "));
      else if (!done.has(to)) visit(to);
    }
    path.pop();
    done.add(part);
  };
  for (const part of [...next.keys()].sort()) if (!done.has(part)) visit(part);
  return found;
}

/** The floor of each part, by its index in `floors` (0 the bottom). */
function floorIndex(floors: readonly Floor[]): Map<string, number> {
  return new Map(floors.flatMap((floor, index) => floor.parts.map((part) => [part, index] as const)));
}

/** Imports from a part to one on a higher floor. */
export function upwardImports(imports: readonly LibImport[], floors: readonly Floor[]): string[] {
  const floorOf = floorIndex(floors);
  const named = (part: string) => `floor ${floorOf.get(part)}, ${floors[floorOf.get(part)!]!.name}`;
  return imports
    .filter((i) => floorOf.has(i.from) && floorOf.has(i.to) && floorOf.get(i.to)! > floorOf.get(i.from)!)
    .map((i) => `${describeImport(i)}: upward, from lib/${i.from} (${named(i.from)}) to lib/${i.to} (${named(i.to)})`);
}

/** Parts found under lib/ (or imported) that no floor names, and parts named on two floors. */
export function unplacedParts(imports: readonly LibImport[], present: readonly string[], floors: readonly Floor[]): string[] {
  const named = floors.flatMap((floor) => floor.parts);
  const twice = named.filter((part, index) => named.indexOf(part) !== index).map((part) => `lib/${part} is on two floors`);
  const seen = new Set([...present, ...imports.flatMap((i) => [i.from, i.to])]);
  const missing = [...seen].filter((part) => !named.includes(part)).map((part) => `lib/${part} is on no floor`);
  return [...twice, ...missing].sort();
}

/** The parts under root/lib/ as they are on disk: its folders, and its top-level modules. */
export function libParts(root: string): string[] {
  return readdirSync(path.join(root, "lib"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => partOf(`lib/${entry.name}`)!)
    .sort();
}
