import { describe, expect, it } from "vitest";
import { sqlParameters } from "@/lib/db/sql-parameters";

describe("sqlParameters", () => {
  it("numbers the names in declared order and orders the values the same way", () => {
    const p = sqlParameters(["limit", "skip", "leaseMs"]);
    expect(p.at).toEqual({ limit: "$1", skip: "$2", leaseMs: "$3" });
    expect(p.values({ leaseMs: 31_000, limit: 100, skip: ["a"] })).toEqual([100, ["a"], 31_000]);
  });

  it("keeps a null or undefined value in its place", () => {
    const p = sqlParameters(["a", "b", "c"]);
    expect(p.values({ a: null, b: undefined, c: 0 })).toEqual([null, undefined, 0]);
  });

  it("refuses a name declared twice", () => {
    expect(() => sqlParameters(["a", "b", "a"])).toThrow(/declared twice/);
  });
});
