// What the browser loads holds no SQL and no Prisma where: from every "use client" file, the
// modules it imports (following every import that stays in the bundle; `import type` is erased)
// include no filter conditions (lib/<domain>/*-filter-where.ts, lib/events/list/event-filter-sql.ts)
// and no module marked server-only. The filter tables the dashboard derives its filter bars and
// URL state from (lib/<domain>/*-filter-table.ts) are declarations only; their conditions are
// keyed by the same names in a server-only file beside them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONDITIONS = /-filter-(where|sql)\.ts$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The repository file a specifier names, when it is one of ours ("@/…" or relative). */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.posix.join(path.posix.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate)));
}

/** Whether an import declaration brings only types (erased from the bundle). */
function typeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import: `import "server-only"`
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

/** The specifiers a file's code imports (static, re-exported or dynamic), types aside. */
function codeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !typeOnly(node)) found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isClient = (text: string) => /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(text);

/** Every file the client files' code reaches, with the chain that reached it first. */
function clientClosure(): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue: string[] = [];
  for (const file of ["app", "components", "lib"].flatMap(sourceFiles)) {
    if (isClient(readFileSync(path.join(ROOT, file), "utf8"))) {
      reached.set(file, [file]);
      queue.push(file);
    }
  }
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const specifier of codeImports(file, text)) {
      const target = resolve(file, specifier);
      if (!target || reached.has(target)) continue;
      reached.set(target, [...(reached.get(file) ?? []), target]);
      queue.push(target);
    }
  }
  return reached;
}

describe("the client components' imports", () => {
  const reached = clientClosure();

  it("start from the client files there are", () => {
    expect([...reached.keys()].filter((file) => file.startsWith("components/")).length).toBeGreaterThan(20);
    expect(reached.has("lib/credentials/credential-filter-table.ts")).toBe(true);
  });

  it("reach no filter conditions (SQL or Prisma where)", () => {
    const offenders = [...reached].filter(([file]) => CONDITIONS.test(file)).map(([, chain]) => chain.join(" → "));
    expect(offenders).toEqual([]);
  });

  it("reach no server-only module", () => {
    const offenders = [...reached]
      .filter(([file]) => /^import ["']server-only["'];?$/m.test(readFileSync(path.join(ROOT, file), "utf8")))
      .map(([, chain]) => chain.join(" → "));
    expect(offenders).toEqual([]);
  });
});
