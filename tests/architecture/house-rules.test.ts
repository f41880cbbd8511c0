// The house rules, kept true by a test rather than by a review: no component
// function over 150 lines (a longer one does several jobs: split it into components and hooks),
// no hook over 80 (a hook holds one concern's state; the rest is smaller hooks and pure functions),
// services and auth below HTTP, and the events list's query module internal to lib/events.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { FLOORS } from "./lib-floors";
import { type Floor, importCycles, libImports, libParts, twoWayPairs, unplacedParts, upwardImports } from "./lib-graph";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_COMPONENT_LINES = 150;
const MAX_HOOK_LINES = 80;

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

/** Every function of a file named like a component (a capital first letter) or as `named` says, with its length in lines. */
function componentFunctions(file: string, named = /^[A-Z]/): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const record = (name: string, node: ts.Node) => {
    if (named.test(name)) found.push({ name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
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

  it(`no hook (a function named use...) in components/ or app/ is longer than ${MAX_HOOK_LINES} lines`, () => {
    const files = [...filesUnder("components", [".ts", ".tsx"]), ...filesUnder("app", [".ts", ".tsx"])];
    const hooks = files.flatMap((file) => componentFunctions(file, /^use[A-Z]/).map((fn) => ({ file, ...fn })));
    expect(hooks.length).toBeGreaterThan(20);
    const long = hooks.filter((fn) => fn.lines > MAX_HOOK_LINES).map((fn) => `${fn.file}: ${fn.name} (${fn.lines} lines)`);
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

  it("none outside lib/events imports lib/events/list/list-query (the events contract exports its schema)", () => {
    const offenders = SOURCES.filter((file) => !file.startsWith("lib/events/")).filter((file) =>
      importsOf(file).includes("@/lib/events/list/list-query"),
    );
    expect(offenders).toEqual([]);
  });
});

// lib/'s floors (tests/architecture/lib-floors.ts; docs/architecture.md, "Floors"): measured from
// the imports of every module under lib/ (lib-graph.ts), not from what the folders are called.
describe("lib/'s floors", () => {
  const imports = libImports(ROOT);

  it("reads the imports between lib/'s parts", () => {
    expect(imports.length).toBeGreaterThan(300);
    expect(imports).toContainEqual(expect.objectContaining({ from: "http", to: "access" }));
  });

  it("puts every folder and top-level module of lib/ on one floor", () => {
    expect(unplacedParts(imports, libParts(ROOT), FLOORS)).toEqual([]);
  });

  it("has no two parts of lib/ that import each other", () => {
    expect(twoWayPairs(imports)).toEqual([]);
  });

  it("has no import that runs up a floor", () => {
    expect(upwardImports(imports, FLOORS)).toEqual([]);
  });

  it("has no cycle through several parts of one floor either", () => {
    expect(importCycles(imports)).toEqual([]);
  });

  it("is written in docs/architecture.md as it is declared", () => {
    const docs = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const section = docs.slice(docs.indexOf("\n## Floors"), docs.indexOf("\n## ", docs.indexOf("\n## Floors") + 1));
    const written = FLOORS.map((_, index) => {
      const row = section.split("\n").find((line) => line.startsWith(`| ${index} `)) ?? "";
      return [...(row.split("|").at(-2) ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort();
    });
    expect(written).toEqual(FLOORS.map((floor) => [...floor.parts].sort()));
  });

  it("catches a made-up graph that breaks each rule", () => {
    const root = mkdtempSync(path.join(tmpdir(), "floors-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write(
        "lib/events/ingest.ts",
        'import { count } from "@/lib/metrics/registry";\n// import { x } from "@/lib/http/route";\n',
      );
      write("lib/events/ingest.test.ts", 'import { route } from "@/lib/http/route";\n');
      write(
        "lib/metrics/registry.ts",
        'export type Row = import("../events/ingest").Row;\nconst later = () => import("@/lib/stray");\n',
      );
      write("lib/stray.ts", 'import type { Row } from "@/lib/events/ingest";\n');
      const floors: Floor[] = [
        { name: "domains", parts: ["events", "stray"] },
        { name: "services", parts: ["metrics", "events"] },
      ];
      const made = libImports(root);
      expect(made.map((i) => `${i.from}>${i.to}`).sort()).toEqual([
        "events>metrics",
        "metrics>events",
        "metrics>stray",
        "stray>events",
      ]);
      expect(twoWayPairs(made)).toEqual([
        "lib/events and lib/metrics import each other: lib/events/ingest.ts imports @/lib/metrics/registry; " +
          "lib/metrics/registry.ts imports ../events/ingest",
      ]);
      expect(upwardImports(made, [floors[0]!, { name: "services", parts: ["metrics"] }])).toEqual([
        "lib/events/ingest.ts imports @/lib/metrics/registry: upward, from lib/events (floor 0, domains) to lib/metrics (floor 1, services)",
      ]);
      expect(importCycles(made)).toEqual([
        "lib/events → lib/metrics → lib/events",
        "lib/events → lib/metrics → lib/stray → lib/events",
      ]);
      expect(unplacedParts(made, ["events", "metrics", "stray", "tokens"], floors)).toEqual([
        "lib/events is on two floors",
        "lib/tokens is on no floor",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
