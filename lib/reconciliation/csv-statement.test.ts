import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, csvStatementParser } from "@/lib/reconciliation/csv-statement";
import type { StatementFault, StatementSale } from "@/lib/reconciliation/statement-parser";

const HEADER = CSV_COLUMNS.join(",");
const GOOD = "rede,M100,T7,2026-11-20,23:59:01,000123,ab12,1990,3,4242,approved";

function parse(...lines: string[]) {
  const parser = csvStatementParser();
  const sales: StatementSale[] = [];
  const faults: StatementFault[] = [];
  const sink = { sale: (s: StatementSale) => sales.push(s), fault: (f: StatementFault) => faults.push(f) };
  for (const [i, l] of lines.entries()) parser.line(l, i + 1, sink);
  return { sales, faults, summary: parser.end(lines.length, sink) };
}

/** GOOD with one column replaced. */
const withField = (column: (typeof CSV_COLUMNS)[number], value: string) =>
  GOOD.split(",")
    .map((v, i) => (CSV_COLUMNS[i] === column ? value : v))
    .join(",");

describe("the CSV statement parser", () => {
  it("reads a sale field by field (quoted or not, empty optional fields as none) and covers its days", () => {
    const { sales, faults, summary } = parse(
      `"${HEADER.replaceAll(",", '","')}"`,
      GOOD,
      ' "REDE" , M100 ,,2026-11-18,,,,5,,,Rejected',
    );
    expect(faults).toEqual([]);
    expect(sales).toEqual([
      {
        line: 2,
        acquirerName: "rede",
        merchantIdentifier: "M100",
        terminalIdentifier: "T7",
        saleDate: "2026-11-20",
        saleTime: "23:59:01",
        nsu: "000123",
        authorizationCode: "ab12",
        amount: 1990,
        installments: 3,
        cardLast4: "4242",
        status: "approved",
        rejectionReason: null,
      },
      {
        line: 3,
        acquirerName: "rede",
        merchantIdentifier: "M100",
        terminalIdentifier: null,
        saleDate: "2026-11-18",
        saleTime: null,
        nsu: null,
        authorizationCode: null,
        amount: 5,
        installments: 0,
        cardLast4: null,
        status: "rejected",
        rejectionReason: null,
      },
    ]);
    expect(summary).toMatchObject({
      acquirerName: "rede",
      periodStart: "2026-11-18",
      periodEnd: "2026-11-20",
      establishments: ["M100"],
    });
  });

  it.each([
    ["acquirer", "visa"],
    ["mid", "M 1"],
    ["tid", "T/7"],
    ["sale_date", "2026-02-30"],
    ["sale_date", "20261120"],
    ["sale_time", "24:00:00"],
    ["sale_time", "235901"],
    ["nsu", "12.3"],
    ["authorization_code", "ABCDEFGHIJKLM"],
    ["amount", "19.90"],
    ["amount", "-5"],
    ["installments", "100"],
    ["card_last4", "424"],
    ["status", "pending"],
  ] as const)("refuses a bad %s (%s), naming the line and the field, and stores no sale", (column, value) => {
    const { sales, faults, summary } = parse(HEADER, GOOD, withField(column, value));
    expect(faults).toEqual([expect.objectContaining({ line: 3, field: column })]);
    expect(sales).toHaveLength(1);
    expect(summary).toBeNull();
  });

  it("refuses every fault of a line, a second acquirer, a wrong header, a short line and text that is not UTF-8", () => {
    expect(parse(HEADER, withField("amount", "x").replace("M100", "M 1")).faults.map((f) => f.field)).toEqual(["mid", "amount"]);
    expect(parse(HEADER, GOOD, withField("acquirer", "stone")).faults).toEqual([
      { line: 3, field: "acquirer", message: "is stone, but this file is rede's: one acquirer per file" },
    ]);
    expect(parse("acquirer,mid", GOOD).faults).toEqual([expect.objectContaining({ line: 1, field: "header" })]);
    expect(parse(HEADER, "rede,M100,T7").faults).toEqual([
      { line: 2, field: "line", message: `has 3 fields: a sale has ${CSV_COLUMNS.length}` },
    ]);
    expect(parse(HEADER, `${GOOD}\udc80`).faults).toEqual([{ line: 2, field: "line", message: "is not valid UTF-8" }]);
  });

  it("answers no summary for a file without a sale", () => {
    const { faults, summary } = parse(HEADER, "  ");
    expect(summary).toBeNull();
    expect(faults).toEqual([expect.objectContaining({ field: "file" })]);
  });
});
