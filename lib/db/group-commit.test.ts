import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/db/group-commit";

/** A write that records its groups and answers each item doubled, refusing any group holding a negative. */
function recordingWrite() {
  const groups: number[][] = [];
  let release: (() => void) | undefined;
  const write = async (items: number[]) => {
    groups.push(items);
    // The first write waits until the test lets it return: what arrives meanwhile queues.
    if (groups.length === 1) await new Promise<void>((r) => (release = r));
    if (items.some((i) => i < 0)) throw new Error(`refused ${items.join(",")}`);
    return items.map((i) => i * 2);
  };
  return { groups, write, release: () => release?.() };
}

describe("groupCommit", () => {
  it("writes at once when idle, then everything that arrived meanwhile as one group, in order", async () => {
    const w = recordingWrite();
    const commit = groupCommit(w.write, { maxGroup: 100 });
    const first = commit.submit(1);
    const rest = [2, 3, 4, 5].map((i) => commit.submit(i));
    expect(w.groups).toEqual([[1]]);
    w.release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10]);
    expect(w.groups).toEqual([[1], [2, 3, 4, 5]]);
  });

  it("caps a group at maxGroup", async () => {
    const w = recordingWrite();
    const commit = groupCommit(w.write, { maxGroup: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => commit.submit(i));
    w.release();
    await Promise.all(all);
    expect(w.groups).toEqual([[1], [2, 3], [4, 5]]);
  });

  it("fails only the item the write refuses: a failed group is written again one item at a time", async () => {
    const w = recordingWrite();
    const commit = groupCommit(w.write, { maxGroup: 100 });
    const first = commit.submit(1);
    const results = [2, -3, 4].map((i) =>
      commit.submit(i).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    w.release();
    await first;
    expect(await Promise.all(results)).toEqual([{ v: 4 }, { e: "refused -3" }, { v: 8 }]);
    expect(w.groups).toEqual([[1], [2, -3, 4], [2], [-3], [4]]);
  });

  it("refuses a write that answers fewer results than items", async () => {
    const commit = groupCommit(async (items: number[]) => items.slice(1), { maxGroup: 10 });
    await expect(commit.submit(1)).rejects.toThrow("answered 0 of 1");
  });
});
