import { describe, expect, it } from "vitest";
import { endOfJsonString } from "@/lib/validation/json-strings";

describe("endOfJsonString", () => {
  it("finds the closing quote past escaped quotes and runs of backslashes", () => {
    expect(endOfJsonString('"abc",1', 0)).toBe(4);
    expect(endOfJsonString('"a\\"b"', 0)).toBe(5); // "a\"b": the escaped quote does not close it
    expect(endOfJsonString('"a\\\\"b"', 0)).toBe(4); // "a\\": an escaped backslash, then the close
    expect(endOfJsonString('"a\\\\\\"b"', 0)).toBe(7); // "a\\\"b": three backslashes escape the quote
    expect(endOfJsonString('x:"",y', 2)).toBe(3);
  });

  it("answers the text's length for a string never closed", () => {
    expect(endOfJsonString('"abc', 0)).toBe(4);
    expect(endOfJsonString('"abc\\"', 0)).toBe(6);
  });

  it("agrees with JSON.parse on where every string of a body ends", () => {
    const body = JSON.stringify({ a: 'say "hi"', "b\\": ["\\", '\\"', "é \u2028"], c: { d: "}{][,:" } });
    // Re-serialising each string token found must give back the values JSON.parse reads.
    const tokens: string[] = [];
    for (let i = 0; i < body.length; i++) {
      if (body[i] !== '"') continue;
      const end = endOfJsonString(body, i);
      tokens.push(JSON.parse(body.slice(i, end + 1)) as string);
      i = end;
    }
    expect(tokens).toEqual(["a", 'say "hi"', "b\\", "\\", '\\"', "é \u2028", "c", "d", "}{][,:"]);
  });
});
