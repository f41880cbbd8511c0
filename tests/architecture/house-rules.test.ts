// The house rules, kept true by a test rather than by a review: no component
// function over 150 lines (a longer one does several jobs: split it into components and hooks),
// services and auth below HTTP, and the events list's query module internal to lib/events.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_COMPONENT_LINES = 150;

function filesUnder(folder: string, extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (extensions.some((extension) => entry.name.endsWith(extension))) found.push(relative);
    }
  };
  walk(folder);
  return found;
}

/** Every function of a .tsx file named like a component (a capital first letter), with its length in lines. */
function componentFunctions(file: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const record = (name: string, node: ts.Node) => {
    if (/^[A-Z]/.test(name)) found.push({ name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) record(node.name.text, node);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      record(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The modules a file imports, as written ("@/lib/http/route"). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s+"([^"]+)"/g)].map((match) => match[1]!);
}

const SOURCES = ["app", "components", "lib", "scripts", "tests", "prisma", "e2e"].flatMap((folder) =>
  filesUnder(folder, [".ts", ".tsx"]),
);

describe("house rules", () => {
  it(`no component function is longer than ${MAX_COMPONENT_LINES} lines`, () => {
    const tsx = [...filesUnder("components", [".tsx"]), ...filesUnder("app", [".tsx"])];
    expect(tsx.length).toBeGreaterThan(50);
    const long = tsx.flatMap((file) =>
      componentFunctions(file)
        .filter((fn) => fn.lines > MAX_COMPONENT_LINES)
        .map((fn) => `${file}: ${fn.name} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it("no module under lib/events, lib/auth, lib/audit or lib/stats imports lib/http", () => {
    const offenders = SOURCES.filter((file) => /^lib\/(events|auth|audit|stats)\//.test(file)).flatMap((file) =>
      importsOf(file)
        .filter((module) => module.startsWith("@/lib/http/") || module === "@/lib/http")
        .map((module) => `${file} imports ${module}`),
    );
    expect(offenders).toEqual([]);
  });

  it("none outside lib/events imports lib/events/list-query (the events contract exports its schema)", () => {
    const offenders = SOURCES.filter((file) => !file.startsWith("lib/events/")).filter((file) =>
      importsOf(file).includes("@/lib/events/list-query"),
    );
    expect(offenders).toEqual([]);
  });
});
