import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj, normalizeCnpj } from "@/lib/merchants/cnpj";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";

describe("CNPJ", () => {
  it("accepts known valid numbers, masked or not", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    // The Receita Federal's published alphanumeric example.
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
  });

  it("refuses wrong check digits, wrong lengths, letters in the check digits and repeated digits", () => {
    expect(isValidCnpj("11222333000182")).toBe(false);
    expect(isValidCnpj("1122233300018")).toBe(false);
    expect(isValidCnpj("12ABC34501DEA5")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
  });

  it("generates valid CNPJs whose check digits admit no other value", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (alphanumeric, position, delta) => {
          const cnpj = generateCnpj({ alphanumeric });
          expect(isValidCnpj(cnpj)).toBe(true);
          const digit = (Number(cnpj[position]) + delta) % 10;
          const changed = cnpj.slice(0, position) + digit + cnpj.slice(position + 1);
          expect(isValidCnpj(changed)).toBe(false);
        },
      ),
    );
  });

  it("accepts the alphanumeric form in lower case and normalizes it to upper case", () => {
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
    expect(normalizeCnpj(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
  });

  it("formats with the usual mask", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });
});
