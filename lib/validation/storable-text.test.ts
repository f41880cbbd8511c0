import { describe, expect, it } from "vitest";
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, unstorableText } from "@/lib/validation/storable-text";

describe("unstorableText", () => {
  it("finds NUL and lone surrogates in values and keys, by path", () => {
    expect(unstorableText({ a: [1, { b: "x\u0000" }] })).toEqual({ path: "a.1.b", message: NUL_MESSAGE });
    expect(unstorableText({ a: "\ud800" })).toEqual({ path: "a", message: LONE_SURROGATE_MESSAGE });
    expect(unstorableText({ a: "x\udc00y" })?.path).toBe("a");
    expect(unstorableText({ "k\udbff": 1 })).toEqual({ path: "k\udbff", message: LONE_SURROGATE_MESSAGE });
    expect(unstorableText("\ud800")).toEqual({ path: "", message: LONE_SURROGATE_MESSAGE });
  });

  it("takes well-formed text, surrogate pairs (emoji) included", () => {
    expect(unstorableText({ note: "pago \ud83d\ude00", "\ud83d\udcb3": ["ção", 1, null, true] })).toBeUndefined();
  });
});
