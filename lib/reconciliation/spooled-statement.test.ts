import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SPOOL_PREFIX, spoolStatement } from "@/lib/reconciliation/spooled-statement";

const own = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`${SPOOL_PREFIX}${process.pid}-`));

async function* chunks(...parts: (string | Error)[]) {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield new TextEncoder().encode(part);
  }
}

async function textOf(stream: AsyncIterable<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += Buffer.from(chunk).toString("utf8");
  return text;
}

describe("spoolStatement", () => {
  it("removes, at the first spool of a process, the files of processes that died mid-import", async () => {
    // A process id that was, and is no more.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const orphan = path.join(tmpdir(), `${SPOOL_PREFIX}${dead}-0123456789abcdef`);
    writeFileSync(orphan, "acquirer,mid\n");
    const spooled = await spoolStatement(chunks("a"));
    await spooled.remove();
    await expect.poll(() => existsSync(orphan)).toBe(false);
  });

  it("keeps the whole body in a private file, read back as often as asked, until removed", async () => {
    const spooled = await spoolStatement(chunks("header\n", "line 1\n", "line 2"));
    expect(own()).toHaveLength(1);
    expect(await textOf(spooled.chunks())).toBe("header\nline 1\nline 2");
    await spooled.remove();
    await spooled.remove();
    expect(own()).toEqual([]);
  });

  it("leaves no file when the body fails midway, and throws its error", async () => {
    const failure = new Error("the client went away");
    await expect(spoolStatement(chunks("header\n", failure))).rejects.toBe(failure);
    expect(own()).toEqual([]);
    // Before its first byte, too (the file may still be opening).
    await expect(spoolStatement(chunks(failure))).rejects.toBe(failure);
    expect(own()).toEqual([]);
  });
});
