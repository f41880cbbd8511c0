// A JSON value (a schema), pretty-printed, with each "$ref" to a named schema a link to it.
import type { ReactNode } from "react";
import { schemaAnchor } from "@/components/api-reference/reference-model";

const INDENT = "  ";

function render(value: unknown, depth: number, out: ReactNode[], key: string): void {
  const pad = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push("[]");
      return;
    }
    out.push("[\n");
    value.forEach((item, i) => {
      out.push(pad + INDENT);
      render(item, depth + 1, out, `${key}.${i}`);
      out.push(i < value.length - 1 ? ",\n" : "\n");
    });
    out.push(`${pad}]`);
    return;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      out.push("{}");
      return;
    }
    out.push("{\n");
    entries.forEach(([name, inner], i) => {
      out.push(
        pad + INDENT,
        <span key={`${key}.${name}:k`} className="text-(--accent-text)">
          {JSON.stringify(name)}
        </span>,
        ": ",
      );
      if (name === "$ref" && typeof inner === "string" && inner.startsWith("#/components/schemas/")) {
        const target = inner.slice("#/components/schemas/".length);
        out.push(
          <a key={`${key}.${name}:v`} href={`#${schemaAnchor(target)}`} className="text-(--fg) underline underline-offset-2">
            {JSON.stringify(inner)}
          </a>,
        );
      } else {
        render(inner, depth + 1, out, `${key}.${name}`);
      }
      out.push(i < entries.length - 1 ? ",\n" : "\n");
    });
    out.push(`${pad}}`);
    return;
  }
  out.push(
    <span key={`${key}:v`} className={typeof value === "string" ? "text-(--success)" : "text-(--warning)"}>
      {JSON.stringify(value)}
    </span>,
  );
}

export function JsonView({ value }: { value: unknown }) {
  const out: ReactNode[] = [];
  render(value, 0, out, "$");
  // Wrapped rather than scrolled, so that every line is readable without a scrolling region.
  return (
    <pre className="rounded-md border border-(--line) bg-(--surface-muted) p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-(--fg-muted)">
      <code>{out}</code>
    </pre>
  );
}
