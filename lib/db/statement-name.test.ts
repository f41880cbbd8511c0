import { describe, expect, it } from "vitest";
import { MAX_NAMED_STATEMENTS, statementName, statementNameCounts } from "@/lib/db/statement-name";

describe("statementName", () => {
  it("names a text seen twice, the same name every time", () => {
    expect(statementName("t", "SELECT 1")).toBeUndefined();
    const name = statementName("t", "SELECT 1");
    expect(name).toMatch(/^t_[0-9a-f]{16}$/);
    expect(statementName("t", "SELECT 1")).toBe(name);
  });

  // Once, every distinct text got a name never forgotten, so a caller cycling list filters
  // and page sizes grew Node's map and each connection's prepared statements without bound.
  it("never names more than MAX_NAMED_STATEMENTS texts, however many distinct ones arrive", () => {
    // 1,000 distinct texts, each seen often enough to be admitted, then 20,000 more seen once.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 1000; i++) statementName("soak", `SELECT ${i} LIMIT ${i % 101}`);
    }
    for (let i = 0; i < 20_000; i++) statementName("soak", `SELECT 'once' LIMIT ${i}`);
    const counts = statementNameCounts();
    expect(counts.named).toBe(MAX_NAMED_STATEMENTS);
    expect(counts.candidates).toBeLessThanOrEqual(2000);
    expect(statementName("soak", "SELECT 'new'")).toBeUndefined();
    expect(statementName("soak", "SELECT 'new'")).toBeUndefined();
  });
});
