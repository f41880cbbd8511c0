// docs/benchmarks.md holds the figures of several scripts (npm run bench, npm run soak): each
// rewrites only its own section, between <!-- name --> and <!-- /name -->, keeping the others.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export function writeReportSection(file: string, name: string, markdown: string[]): void {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const section = [open, ...markdown, close].join("\n");
  let text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start >= 0 && end > start) text = `${text.slice(0, start)}${section}${text.slice(end + close.length)}`;
  else text = `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
  console.log(`wrote the ${name} section of ${file}`);
}
