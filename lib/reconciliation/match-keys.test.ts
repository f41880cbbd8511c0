import { describe, expect, it } from "vitest";
import { identifierKey, matchKey } from "@/lib/reconciliation/match-keys";

describe("matchKey", () => {
  it.each([
    ["000123", "123"],
    ["123", "123"],
    ["00abc1", "ABC1"],
    ["001230", "1230"],
    [" 042 ", "42"],
    ["000000", null],
    ["", null],
    [null, null],
  ])("%j is %j", (value, key) => expect(matchKey(value)).toBe(key));

  it("never pads or cuts: a 12-digit RRN is not its last 6 digits", () => {
    expect(matchKey("000000123456")).toBe("123456");
    expect(matchKey("987000123456")).not.toBe(matchKey("123456"));
  });

  it("gives identifiers an empty key rather than none", () => expect(identifierKey(null)).toBe(""));
});
