import { describe, expect, it } from "vitest";
import { MAX_LINE_BYTES, readStatementLines } from "@/lib/reconciliation/statement-lines";

async function linesOf(chunks: string[]) {
  const reading = readStatementLines(
    (async function* () {
      for (const c of chunks) yield new TextEncoder().encode(c);
    })(),
  );
  const out: { number: number; text: string; tooLong: boolean }[] = [];
  for await (const l of reading.lines) out.push({ number: l.number, text: l.bytes.toString("latin1"), tooLong: l.tooLong });
  return { out, bytes: reading.bytesRead(), sha: reading.sha256() };
}

describe("readStatementLines", () => {
  it("splits LF and CRLF lines across chunk boundaries, the last without an ending too", async () => {
    const { out, bytes } = await linesOf(["ab", "c\r\nde", "f\ng", "h"]);
    expect(out.map((l) => l.text)).toEqual(["abc", "def", "gh"]);
    expect(out.map((l) => l.number)).toEqual([1, 2, 3]);
    expect(bytes).toBe(11);
  });

  it("has no line after a final line break, and hashes every byte", async () => {
    const a = await linesOf(["x\n", "y\n"]);
    const b = await linesOf(["x\ny\n"]);
    expect(a.out.map((l) => l.text)).toEqual(["x", "y"]);
    expect(a.sha).toBe(b.sha);
  });

  it("cuts a line longer than the bound instead of gathering it", async () => {
    const { out } = await linesOf(["a".repeat(MAX_LINE_BYTES), "b".repeat(10), "\nok\n"]);
    expect(out[0]!.tooLong).toBe(true);
    expect(out[1]).toEqual({ number: 2, text: "ok", tooLong: false });
  });
});
