import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/reconciliation/statement-formats";
import { MAX_LINE_BYTES, readStatementLines } from "@/lib/reconciliation/statement-lines";
import { cieloFile, csvFile } from "@/tests/support/statement-files";

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

  it("drops a UTF-8 byte order mark opening the file, even split across chunks, and hashes it still", async () => {
    const bom = "\uFEFF";
    const { out, sha } = await linesOf([bom.slice(0, 1), "a,b\r\n", `${bom}c\n`]);
    expect(out.map((l) => l.text)).toEqual(["a,b", "\u00EF\u00BB\u00BFc"]);
    const split = readStatementLines(
      (async function* () {
        yield Uint8Array.of(0xef);
        yield Uint8Array.of(0xbb, 0xbf, 0x61, 0x0a);
      })(),
    );
    for await (const l of split.lines) expect(l.bytes.toString("latin1")).toBe("a");
    expect(sha).not.toBe((await linesOf(["a,b\r\n", `${bom}c\n`])).sha);
  });

  it("tells a CSV or a Cielo file saved with a byte order mark from its first line (Excel's CSV UTF-8)", async () => {
    const firstLineOf = async (text: string) => {
      const chunks = (async function* () {
        yield new TextEncoder().encode(text);
      })();
      for await (const l of readStatementLines(chunks).lines) return l.bytes.toString("latin1");
      return "";
    };
    const csv = csvFile([{ acquirer: "rede", mid: "M1", sale_date: "2026-11-20", amount: 1, status: "approved" }]);
    const cielo = cieloFile({ establishment: "1234567890", periodStart: "2026-11-20", periodEnd: "2026-11-20" }, []);
    expect(detectFormat(await firstLineOf(`\uFEFF${csv}`))).toBe("csv");
    expect(detectFormat(await firstLineOf(`\uFEFF${cielo}`))).toBe("cielo");
    expect(detectFormat(await firstLineOf(`\uFEFF${cielo}`))).toBe(detectFormat(await firstLineOf(cielo)));
  });
});
