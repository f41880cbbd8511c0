// The document's descriptions are a little Markdown: paragraphs, "- " lists, `code` and **bold**.
// Rendered as React elements (never as HTML), so a description cannot inject markup.
import type { ReactNode } from "react";
import { cx } from "@/components/ui/class-names";

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) => {
    const key = `${i}-${part}`;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      return (
        <code key={key} className="rounded bg-(--surface-muted) px-1 py-0.5 font-mono text-[0.85em] text-(--fg)">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      return (
        <strong key={key} className="font-semibold text-(--fg)">
          {part.slice(2, -2)}
        </strong>
      );
    }
    return part;
  });
}

type Block = { key: string; kind: "paragraph" | "list"; items: { key: string; text: string }[] };

/** Paragraphs and lists, split on blank lines; a list item may wrap onto indented lines. */
function blocksOf(text: string): Block[] {
  return text.split(/\n\s*\n/).map((chunk, b) => {
    const lines = chunk.split("\n");
    if (!lines[0]?.startsWith("- ")) return { key: `p${b}`, kind: "paragraph", items: [{ key: `p${b}`, text: lines.join(" ") }] };
    const items: Block["items"] = [];
    for (const line of lines) {
      const last = items[items.length - 1];
      if (line.startsWith("- ")) items.push({ key: `l${b}.${items.length}`, text: line.slice(2) });
      else if (last) last.text += ` ${line.trim()}`;
    }
    return { key: `l${b}`, kind: "list", items };
  });
}

export function Prose({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <div className={cx("space-y-2 text-sm text-(--fg-muted)", className)}>
      {blocksOf(text).map((block) =>
        block.kind === "list" ? (
          <ul key={block.key} className="list-disc space-y-1 pl-5">
            {block.items.map((item) => (
              <li key={item.key}>{inline(item.text)}</li>
            ))}
          </ul>
        ) : (
          <p key={block.key}>{inline(block.items[0]?.text ?? "")}</p>
        ),
      )}
    </div>
  );
}
