import { describe, expect, it } from "vitest";
import {
  ABECS_RESPONSE_CODES,
  codesOfClass,
  DECLINE_CLASSES,
  describeResponseCode,
  responseCodeLine,
} from "@/lib/declines/abecs-codes";

describe("the ABECS response codes", () => {
  it.each([
    ["00", "approved", "Approved"],
    ["51", "reversible", "Insufficient funds"],
    ["05", "reversible", "Generic refusal"],
    ["14", "irreversible", "Invalid card number"],
    ["57", "irreversible", "Transaction not allowed for the card"],
    ["N7", "irreversible", "Invalid security code"],
    ["n7", "irreversible", "Invalid security code"],
  ] as const)("%s is %s: %s", (code, cls, words) => {
    expect(describeResponseCode(code)).toMatchObject({ code, class: cls, description: words });
  });

  it.each(["0000", "4", "ZZ", "toString", "__proto__"])("%s is unknown, in words", (code) => {
    expect(describeResponseCode(code)).toEqual({ code, class: "unknown", description: `Unknown code ${code}`, pt: null });
  });

  it("says so when there is no code", () => {
    expect(describeResponseCode("")).toMatchObject({ class: "unknown", description: "No response code" });
  });

  it("writes a code in one line", () => {
    expect(responseCodeLine("51")).toBe("51 · Insufficient funds · reversible");
    expect(responseCodeLine("57")).toBe("57 · Transaction not allowed for the card · irreversible");
    expect(responseCodeLine("0000")).toBe("Unknown code 0000");
  });

  it("lists a class's codes, each of the table once", () => {
    expect(codesOfClass("reversible")).toEqual(expect.arrayContaining(["51", "05", "59", "91"]));
    expect(codesOfClass("irreversible")).toEqual(expect.arrayContaining(["14", "57", "54", "N7"]));
    expect(codesOfClass("approved")).toEqual(["00"]);
    expect(codesOfClass("unknown")).toEqual([]);
    const all = [...codesOfClass("approved"), ...DECLINE_CLASSES.flatMap(codesOfClass)];
    expect(all.sort()).toEqual(Object.keys(ABECS_RESPONSE_CODES).sort());
  });

  it("keys every code as two upper-case letters or digits", () => {
    for (const code of Object.keys(ABECS_RESPONSE_CODES)) expect(code).toMatch(/^[0-9A-Z]{2}$/);
  });
});
