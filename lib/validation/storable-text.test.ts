import { describe, expect, it } from "vitest";
import { INVALID_UTF8_MESSAGE, LONE_SURROGATE_MESSAGE, NUL_MESSAGE, unstorableText } from "@/lib/validation/storable-text";

describe("unstorableText", () => {
  it("finds NUL and lone surrogates in values and keys, by path", () => {
    expect(unstorableText({ a: [1, { b: "x\u0000" }] })).toEqual({ path: "a.1.b", message: NUL_MESSAGE });
    expect(unstorableText({ a: "\ud800" })).toEqual({ path: "a", message: LONE_SURROGATE_MESSAGE });
    expect(unstorableText({ a: "x\udc00y" })?.path).toBe("a");
    expect(unstorableText({ "k\udbff": 1 })).toEqual({ path: "k\udbff", message: LONE_SURROGATE_MESSAGE });
    expect(unstorableText("\ud800")).toEqual({ path: "", message: LONE_SURROGATE_MESSAGE });
  });

  it("calls a lone U+DC80..U+DCFF (a byte that is not UTF-8, as the body reader decodes it) not valid UTF-8", () => {
    expect(unstorableText({ name: "bad\udcff\udcfe" })).toEqual({ path: "name", message: INVALID_UTF8_MESSAGE });
    expect(unstorableText({ "caf\udce9": 1 })).toEqual({ path: "caf\udce9", message: INVALID_UTF8_MESSAGE });
    // Any such surrogate says so, even after another lone one; U+DC7F and U+DD00 are not bytes.
    expect(unstorableText("\ud800\udc80\ud800")?.message).toBe(LONE_SURROGATE_MESSAGE); // U+10080, then a lone high
    expect(unstorableText("\udc00 \udc80")?.message).toBe(INVALID_UTF8_MESSAGE);
    expect(unstorableText("\udc7f")?.message).toBe(LONE_SURROGATE_MESSAGE);
    expect(unstorableText("\udd00")?.message).toBe(LONE_SURROGATE_MESSAGE);
  });

  it("takes well-formed text, surrogate pairs (emoji) included", () => {
    expect(unstorableText({ note: "pago \ud83d\ude00", "\ud83d\udcb3": ["ção", 1, null, true] })).toBeUndefined();
  });
});
