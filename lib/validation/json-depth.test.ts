import { describe, expect, it } from "vitest";
import { jsonNestingDepth } from "@/lib/validation/json-depth";

describe("jsonNestingDepth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonNestingDepth('"x"')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{\\"[["}')).toBe(1);
  });

  it("measures a 62,000-level body without recursion", () => {
    expect(jsonNestingDepth("[".repeat(31_000) + "]".repeat(31_000))).toBe(31_000);
  });
});
