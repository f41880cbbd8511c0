import { describe, expect, it } from "vitest";
import { cieloEdiParser } from "@/lib/reconciliation/cielo-edi";
import type { StatementFault, StatementSale } from "@/lib/reconciliation/statement-parser";
import { cieloCv, cieloFile, cieloOtherRecord, cieloRo } from "@/tests/support/statement-files";

function parse(file: string) {
  const parser = cieloEdiParser();
  const sales: StatementSale[] = [];
  const faults: StatementFault[] = [];
  const sink = { sale: (s: StatementSale) => sales.push(s), fault: (f: StatementFault) => faults.push(f) };
  const lines = file.split("\r\n");
  if (lines.at(-1) === "") lines.pop();
  for (const [i, l] of lines.entries()) parser.line(l, i + 1, sink);
  const summary = parser.end(lines.length, sink);
  return { sales, faults, summary };
}

const header = { establishment: "1020304050", periodStart: "2026-11-20", periodEnd: "2026-11-20" };
const cv = { establishment: "1020304050", roNumber: "0261120", saleDate: "2026-11-20", terminal: "00012345" };

describe("the Cielo EDI parser", () => {
  it("reads header, ROs, CVs and trailer at the manual's positions, skipping other record types", () => {
    const { sales, faults, summary } = parse(
      cieloFile(header, [
        cieloRo({ establishment: "1020304050", roNumber: "0261120", terminal: "00012345" }),
        cieloCv({
          ...cv,
          amount: 12_345,
          authorizationCode: "A1B2C3",
          nsu: "000777",
          time: "23:59:58",
          card: "411111******4321",
        }),
        cieloCv({ ...cv, amount: 1_000, plan: 3, installment: 1, totalAmount: 3_000, nsu: "000778", rejection: "057" }),
        cieloCv({ ...cv, amount: 1_000, plan: 3, installment: 2, nsu: "000778" }),
        cieloCv({ ...cv, amount: 500, sign: "-", nsu: "000779", card: "0000000000000000000" }),
        cieloOtherRecord(),
      ]),
    );
    expect(faults).toEqual([]);
    expect(summary).toMatchObject({ acquirerName: "cielo", fileType: "sales", sequence: 1, periodStart: "2026-11-20" });
    expect(sales.map((s) => [s.line, s.amount, s.status, s.nsu, s.cardLast4, s.installments])).toEqual([
      [3, 12_345, "approved", "000777", "4321", 0],
      [4, 3_000, "rejected", "000778", "1234", 3],
      [6, 500, "voided", "000779", null, 0],
    ]);
    expect(sales[0]).toMatchObject({ merchantIdentifier: "1020304050", terminalIdentifier: "00012345", saleTime: "23:59:58" });
  });

  it("names every bad line: its length, a date, an amount, a count that disagrees", () => {
    const good = cieloCv({ ...cv, amount: 100, nsu: "1" });
    const badDate = cieloCv({ ...cv, saleDate: "2026-02-30", amount: 100, nsu: "2" });
    const badAmount = `${good.slice(0, 46)}00000000001x0${good.slice(59)}`;
    const file = cieloFile(header, [good, `${good}X`, badDate, badAmount]).replace(/\r\n9\d{11}/, "\r\n900000000009");
    const { faults, summary } = parse(file);
    expect(summary).toBeNull();
    expect(faults).toEqual([
      { line: 3, field: "line", message: "is 251 characters long: every record has 250" },
      { line: 4, field: "saleDate", message: "positions 038-045 must be a date AAAAMMDD" },
      { line: 5, field: "amount", message: "positions 047-059 must be 13 digits (cents)" },
      { line: 6, field: "recordCount", message: "says 9 records, the file has 4 between header and trailer" },
    ]);
  });

  it("refuses a file that is not Cielo's, or a statement it does not read", () => {
    expect(parse("acquirer,mid\r\n").faults[0]).toMatchObject({ line: 1, field: "line" });
    expect(parse(cieloFile({ ...header, extractOption: "09" }, [])).faults[0]).toMatchObject({ line: 1, field: "extractOption" });
  });
});
