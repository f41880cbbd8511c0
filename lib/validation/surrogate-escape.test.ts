import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8SurrogateEscape, encodeUtf8SurrogateEscape } from "@/lib/validation/surrogate-escape";

const bytes = (...values: number[]) => Uint8Array.from(values);
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * An oracle that does not share the decoder's table: at each byte, the shortest run of 1 to 4
 * bytes that a fatal TextDecoder reads as one code point is a well-formed sequence; where there is
 * none, the byte is escaped.
 */
function reference(input: Uint8Array): string {
  let text = "";
  let i = 0;
  while (i < input.length) {
    let decoded: string | undefined;
    let length = 1;
    for (; length <= 4 && i + length <= input.length; length++) {
      try {
        const candidate = strict.decode(input.subarray(i, i + length));
        if ([...candidate].length === 1) {
          decoded = candidate;
          break;
        }
      } catch {}
    }
    if (decoded === undefined) {
      text += String.fromCharCode(0xdc00 | input[i]!);
      i += 1;
    } else {
      text += decoded;
      i += length;
    }
  }
  return text;
}

/** Bytes at the table's edges (each lead's bounds, continuations, never-valid bytes) among whole characters. */
const EDGES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1,
  0xf3, 0xf4, 0xf5, 0xfe, 0xff,
];
const edgeBytes = fc
  .array(
    fc.oneof(
      fc.constantFrom(...EDGES).map((b) => [b]),
      // A lead followed by up to three bytes near the continuation range's ends: overlong,
      // surrogate, out-of-range and cut-short sequences.
      fc
        .tuple(
          fc.constantFrom(...EDGES),
          fc.array(fc.constantFrom(0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0), { maxLength: 3 }),
        )
        .map(([lead, rest]) => [lead, ...rest]),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).map((c) => [...new TextEncoder().encode(c)]),
    ),
    { maxLength: 24 },
  )
  .map((pieces) => Uint8Array.from(pieces.flat()));

describe("decodeUtf8SurrogateEscape", () => {
  it("escapes each byte of an ill-formed sequence as U+DC00 + byte", () => {
    expect(decodeUtf8SurrogateEscape(bytes(0x62, 0x61, 0x64, 0xff, 0xfe, 0xc0))).toBe("bad\udcff\udcfe\udcc0");
    // Latin-1 "ã" (E3) followed by ASCII: a truncated three-byte lead.
    expect(decodeUtf8SurrogateEscape(bytes(0x53, 0xe3, 0x6f))).toBe("S\udce3o");
    expect(decodeUtf8SurrogateEscape(bytes(0xe2, 0x82, 0x41))).toBe("\udce2\udc82A"); // € cut short
    expect(decodeUtf8SurrogateEscape(bytes(0xc0, 0xaf))).toBe("\udcc0\udcaf"); // overlong "/"
    expect(decodeUtf8SurrogateEscape(bytes(0xe0, 0x80, 0xaf))).toBe("\udce0\udc80\udcaf"); // overlong
    expect(decodeUtf8SurrogateEscape(bytes(0xed, 0xa0, 0x80))).toBe("\udced\udca0\udc80"); // U+D800 (CESU-8)
    expect(decodeUtf8SurrogateEscape(bytes(0xf4, 0x90, 0x80, 0x80))).toBe("\udcf4\udc90\udc80\udc80"); // past U+10FFFF
    expect(decodeUtf8SurrogateEscape(bytes(0xf0, 0x8f, 0xbf, 0xbf))).toBe("\udcf0\udc8f\udcbf\udcbf"); // overlong U+FFFF
    expect(decodeUtf8SurrogateEscape(bytes(0xf5, 0x80, 0x80, 0x80))).toBe("\udcf5\udc80\udc80\udc80"); // no such lead
    expect(decodeUtf8SurrogateEscape(bytes(0x80))).toBe("\udc80");
    expect(decodeUtf8SurrogateEscape(bytes(0xf0, 0x9f, 0x98))).toBe("\udcf0\udc9f\udc98"); // an emoji cut short
  });

  it("reads well-formed UTF-8 as any decoder does, a BOM and NUL kept", () => {
    expect(decodeUtf8SurrogateEscape(bytes(0xf0, 0x9f, 0x98, 0x80))).toBe("\ud83d\ude00");
    expect(decodeUtf8SurrogateEscape(bytes(0xef, 0xbb, 0xbf, 0x41, 0x00))).toBe("\ufeffA\u0000");
    expect(decodeUtf8SurrogateEscape(bytes(0xc3, 0xa3, 0xed, 0x9f, 0xbf, 0xf4, 0x8f, 0xbf, 0xbf))).toBe("ã\ud7ff\udbff\udfff");
    expect(decodeUtf8SurrogateEscape(bytes())).toBe("");
  });

  it("agrees with a fatal TextDecoder on every well-formed input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const encoded = new TextEncoder().encode(text);
        expect(decodeUtf8SurrogateEscape(encoded)).toBe(strict.decode(encoded));
      }),
      { numRuns: 2000 },
    );
  });

  it("on any bytes: well-formed exactly when isUtf8, as the oracle reads them, and encoding back gives them again", () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 64 }), edgeBytes), (input) => {
        const text = decodeUtf8SurrogateEscape(input);
        expect(text.isWellFormed()).toBe(isUtf8(input));
        expect(text).toBe(reference(input));
        expect(encodeUtf8SurrogateEscape(text)).toEqual(input);
      }),
      { numRuns: 3000 },
    );
  });

  it("decodes a body of a megabyte in one piece, and encodes it back", () => {
    const input = new Uint8Array(1024 * 1024).fill(0x61);
    input[500_000] = 0xff;
    const text = decodeUtf8SurrogateEscape(input);
    expect(text.length).toBe(input.length);
    expect(text[500_000]).toBe("\udcff");
    // Compared as bytes: toEqual walks a megabyte element by element (ten seconds here).
    expect(Buffer.compare(encodeUtf8SurrogateEscape(text), input)).toBe(0);
  });

  it("encodes lone U+DC80..U+DCFF as bytes, each alone, and other text as UTF-8", () => {
    expect([...encodeUtf8SurrogateEscape("a\udcff\udc80é")]).toEqual([0x61, 0xff, 0x80, 0xc3, 0xa9]);
    // The low half of a pair (U+10080) is not a byte.
    expect([...encodeUtf8SurrogateEscape("\ud800\udc80")]).toEqual([0xf0, 0x90, 0x82, 0x80]);
  });
});
