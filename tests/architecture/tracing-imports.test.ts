// Tracing off costs nothing measurable: the OpenTelemetry SDK is loaded only when
// tracing is configured. Kept true by a test: only lib/tracing/start-tracing.ts imports the SDK's
// packages, and the server imports that file only dynamically, from instrumentation.ts, behind
// its configuration check. Everything else uses @opentelemetry/api through lib/tracing/trace.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_CODE = ["app", "lib", "components", "scripts", "proxy.ts", "instrumentation.ts"];

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (/\.tsx?$/.test(entry)) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(entry, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(entry, e.name)] : [],
  );
}

const importsOf = (file: string) =>
  [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1]!);

describe("the OpenTelemetry SDK is loaded only when tracing is on", () => {
  const files = SERVER_CODE.flatMap(sourceFiles).filter((f) => !f.endsWith(".test.ts"));

  it("is imported by lib/tracing/start-tracing.ts alone; the rest of the code uses the API", () => {
    const sdkImporters = files.filter((f) =>
      importsOf(f).some((i) => i.startsWith("@opentelemetry/") && i !== "@opentelemetry/api"),
    );
    expect(sdkImporters).toEqual(["lib/tracing/start-tracing.ts"]);
  });

  it("whose one importer is instrumentation.ts, dynamically, after the configuration says tracing is on", () => {
    expect(files.filter((f) => importsOf(f).includes("@/lib/tracing/start-tracing"))).toEqual(["instrumentation.ts"]);
    const text = readFileSync(path.join(ROOT, "instrumentation.ts"), "utf8");
    expect(text).toMatch(/env\(\)\.tracing \? \(await import\("@\/lib\/tracing\/start-tracing"\)\)/);
  });
});
