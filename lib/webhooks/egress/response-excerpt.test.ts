import { describe, expect, it } from "vitest";
import { RESPONSE_BODY_LIMIT, responseExcerpt, storableText } from "@/lib/webhooks/egress/response-excerpt";

describe("responseExcerpt", () => {
  it("replaces NUL, unpaired surrogates and invalid UTF-8 by U+FFFD", () => {
    expect(responseExcerpt(Buffer.from("ok\0nul"))).toBe("ok\uFFFDnul");
    expect(responseExcerpt(Buffer.from([0x61, 0xff, 0xc3, 0x62]))).toBe("a\uFFFD\uFFFDb");
    // CESU-8 of a lone surrogate is invalid UTF-8.
    expect(responseExcerpt(Buffer.from([0xed, 0xa0, 0x80]))).not.toMatch(/[\uD800-\uDFFF]/);
    expect(storableText("a\uD800b\uDC00c\uD83D\uDE00")).toBe("a\uFFFDb\uFFFDc\uD83D\uDE00");
  });

  it("keeps at most the limit's bytes and drops a character the limit cuts", () => {
    const body = Buffer.from(`${"a".repeat(RESPONSE_BODY_LIMIT - 1)}é and more`);
    expect(responseExcerpt(body)).toBe("a".repeat(RESPONSE_BODY_LIMIT - 1));
    expect(Buffer.byteLength(responseExcerpt(Buffer.from("€".repeat(5000))))).toBeLessThanOrEqual(RESPONSE_BODY_LIMIT);
  });
});
