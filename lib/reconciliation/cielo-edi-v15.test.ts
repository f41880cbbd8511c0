import { describe, expect, it } from "vitest";
import { type CieloV15Record, cieloEdiV15Parser } from "@/lib/reconciliation/cielo-edi-v15";
import { cieloStatementParser } from "@/lib/reconciliation/cielo-layouts";
import { type Field, V15_ENTRY, V15_HEADER, V15_PIX, V15_TRAILER, V15_UR } from "@/lib/reconciliation/cielo-v15-layout";
import type { StatementFault, StatementParser, StatementSale } from "@/lib/reconciliation/statement-parser";
import { cieloV15File, v15Entry, v15Header, v15Pix, v15Trailer, v15Ur } from "@/tests/support/cielo-v15-files";
import { cieloCv, cieloFile } from "@/tests/support/statement-files";

function parse(file: string, parser: StatementParser = cieloStatementParser()) {
  const sales: StatementSale[] = [];
  const faults: StatementFault[] = [];
  const sink = { sale: (s: StatementSale) => sales.push(s), fault: (f: StatementFault) => faults.push(f) };
  const lines = file.split("\r\n");
  if (lines.at(-1) === "") lines.pop();
  for (const [i, l] of lines.entries()) parser.line(l, i + 1, sink);
  const summary = parser.end(lines.length, sink);
  return { sales, faults, summary };
}

function parseV15(file: string) {
  const records: CieloV15Record[] = [];
  return { ...parse(file, cieloStatementParser({ records: (r) => records.push(r) })), records };
}

const EC = "1020304050";
const day = "2026-11-20";
const header = { establishment: EC, periodStart: day, periodEnd: day };
const sale = { establishment: EC, authorizationDate: day, terminal: "11701830" };

describe("the Cielo Extrato Eletrônico v15 reader", () => {
  it("reads a sales file: the sale entries' first installments are its sales, every other entry only a typed record", () => {
    const { sales, faults, summary, records } = parseV15(
      cieloV15File(header, [
        v15Entry({ ...sale, entryType: "02", totalSale: 13_211, authorizationCode: "437940", nsu: "046002", time: "21:16:44" }),
        v15Entry({ ...sale, entryType: "01", totalSale: 5_000, nsu: "000002", cardLast4: "0291", paymentMethod: "011" }),
        v15Entry({ ...sale, entryType: "03", totalSale: 30_000, gross: 10_000, installment: 1, installments: 3, nsu: "000003" }),
        v15Entry({ ...sale, entryType: "03", totalSale: 30_000, gross: 10_000, installment: 2, installments: 3, nsu: "000003" }),
        v15Entry({ ...sale, entryType: "06", totalSale: -5_000, nsu: "000002", adjustmentCode: "0000" }),
        v15Entry({ ...sale, entryType: "08", totalSale: -1_508, nsu: "351012", adjustmentCode: "0301" }),
        v15Entry({ establishment: EC, entryType: "10", authorizationDate: null, totalSale: -8_990, paymentMethod: "" }),
        v15Entry({ ...sale, entryType: "07", totalSale: 5_000, nsu: "000002" }),
        v15Entry({ ...sale, entryType: "09", totalSale: 1_508, nsu: "351012" }),
        v15Pix({ establishment: EC, day, gross: 2_000, fee: 20 }),
        v15Pix({ establishment: EC, day, gross: 1_000, fee: 10, length: 250 }),
        // A record type this reader does not know (a financial reserve): skipped, counted.
        `R${EC}${" ".repeat(239)}`,
      ]),
    );
    expect(faults).toEqual([]);
    expect(summary).toMatchObject({
      acquirerName: "cielo",
      fileType: "sales",
      sequence: 1,
      periodStart: day,
      establishments: [EC],
    });
    expect(sales.map((s) => [s.line, s.amount, s.status, s.nsu, s.cardLast4, s.installments])).toEqual([
      [2, 13_211, "approved", "046002", "3786", 0],
      [3, 5_000, "approved", "000002", "0291", 0],
      [4, 30_000, "approved", "000003", "3786", 3],
    ]);
    expect(sales[0]).toEqual({
      line: 2,
      acquirerName: "cielo",
      merchantIdentifier: EC,
      terminalIdentifier: "11701830",
      saleDate: day,
      saleTime: "21:16:44",
      nsu: "046002",
      authorizationCode: "437940",
      amount: 13_211,
      installments: 0,
      cardLast4: "3786",
      status: "approved",
      rejectionReason: null,
    });
    const entries = records.filter((r) => r.record === "entry");
    expect(entries.map((e) => [e.line, e.kind, e.countedAsSale])).toEqual([
      [2, "credit_sale", true],
      [3, "debit_sale", true],
      [4, "installment_sale", true],
      [5, "installment_sale", false],
      [6, "cancellation", false],
      [7, "chargeback", false],
      [8, "terminal_rental", false],
      [9, "cancellation_reversal", false],
      [10, "chargeback_reversal", false],
    ]);
    expect(entries[0]).toMatchObject({
      brand: "001",
      settlementType: "002",
      paymentMethod: "040",
      cardBin: "498407",
      mdrRate: 248,
      totalSale: 13_211,
      gross: 13_211,
      fee: -328,
      net: 12_883,
      urKey: "12345678000199UR0001",
      captureDate: day,
    });
    expect(entries[5]).toMatchObject({ adjustmentCode: "0301", totalSale: -1_508, authorizationDate: day });
    expect(entries[6]).toMatchObject({ authorizationDate: null, paymentMethod: null, totalSale: -8_990 });
    expect(records.filter((r) => r.record === "pix").map((p) => [p.line, p.gross, p.fee, p.net, p.transactionDate])).toEqual([
      [11, 2_000, -20, 1_980, day],
      [12, 1_000, -10, 990, day],
    ]);
    expect(records.at(-1)).toMatchObject({ record: "trailer", recordCount: 12, entryCount: 9 });
  });

  it("reads a payments file's URs (D) beside its entries, and still counts only sales", () => {
    const { sales, faults, summary, records } = parseV15(
      cieloV15File({ ...header, extractOption: "04" }, [
        v15Ur({ establishment: EC, gross: 13_211, fee: 328, net: 12_883, paymentDate: "2026-12-03" }),
        v15Entry({ ...sale, entryType: "02", totalSale: 13_211, nsu: "046002" }),
        v15Entry({ ...sale, entryType: "08", totalSale: -1_508, nsu: "351012" }),
      ]),
    );
    expect(faults).toEqual([]);
    expect(summary?.fileType).toBe("payments");
    expect(sales.map((s) => s.line)).toEqual([3]);
    expect(records[0]).toEqual({
      record: "ur",
      line: 2,
      establishment: EC,
      brand: "001",
      settlementType: "002",
      paymentStatus: "04",
      gross: 13_211,
      fee: -328,
      net: 12_883,
      bankAccount: { bank: "0341", agency: "01234", account: "00000000000000245151", digit: "1" },
      entries: 1,
      entryType: "02",
      urKey: "12345678000199UR0001",
      paymentDate: "2026-12-03",
      sentToBankDate: "2026-12-03",
      originalDueDate: "2026-12-03",
    });
  });

  it("names a sale entry with a debit sign voided, as layout 001 does", () => {
    const { sales } = parse(cieloV15File(header, [v15Entry({ ...sale, entryType: "02", totalSale: -700, nsu: "9" })]));
    expect(sales.map((s) => [s.amount, s.status])).toEqual([[700, "voided"]]);
  });

  // Each checked field of each record, spoiled in an otherwise good line: that field, on that line, is named.
  const good = {
    header: v15Header(header),
    D: v15Ur({ establishment: EC, gross: 100, fee: 1, net: 99, paymentDate: day }),
    E: v15Entry({ ...sale, entryType: "02", totalSale: 100, nsu: "1" }),
    "8": v15Pix({ establishment: EC, day, gross: 100, fee: 1 }),
    "9": v15Trailer(1, 0),
  };
  const spoil = (line: string, field: Field) =>
    `${line.slice(0, field.from - 1)}${"#".repeat(field.to - field.from + 1)}${line.slice(field.to)}`;
  const checked = (table: readonly Field[]) => table.filter((f) => f.kind !== "text").map((f) => [f.name, f] as const);

  it.each(checked(V15_HEADER))("names a bad header field: %s", (name, field) => {
    const { faults, summary } = parse(cieloV15File(header, []).replace(good.header, spoil(good.header, field)));
    expect(summary).toBeNull();
    expect(faults).toContainEqual(expect.objectContaining({ line: 1, field: name }));
  });

  it.each([
    ...checked(V15_UR).map(([name, field]) => ["D", name, field, good.D] as const),
    ...checked(V15_ENTRY).map(([name, field]) => ["E", name, field, good.E] as const),
    ...checked(V15_PIX).map(([name, field]) => ["8", name, field, good["8"]] as const),
  ])("names a bad field of a %s record: %s", (_, name, field, line) => {
    const { faults, summary, sales } = parse(cieloV15File(header, [good.E, spoil(line, field)]));
    expect(summary).toBeNull();
    expect(sales.length).toBeLessThanOrEqual(1);
    expect(faults).toEqual([{ line: 3, field: name, message: expect.stringMatching(/^positions? \d{3}/) }]);
  });

  it.each(checked(V15_TRAILER))("names a bad trailer field: %s", (name, field) => {
    const file = cieloV15File(header, [good.E]);
    const trailer = v15Trailer(1, 1);
    const { faults } = parse(file.replace(trailer, spoil(trailer, field)));
    expect(faults).toEqual([{ line: 3, field: name, message: expect.stringMatching(/^positions \d{3}/) }]);
  });

  it("names every bad line at once: lengths, a sale without its date, counts that disagree, order", () => {
    const noDate = v15Entry({ ...sale, entryType: "01", authorizationDate: null, totalSale: 100, nsu: "2" });
    const file = [
      v15Header(header),
      good.E,
      `${good.E}X`,
      good.D.slice(0, 250),
      noDate,
      "",
      v15Header(header),
      v15Trailer(9, 1),
      good.E,
      "",
    ].join("\r\n");
    const { faults, summary, sales } = parse(file);
    expect(summary).toBeNull();
    expect(sales.length).toBe(1);
    expect(faults).toEqual([
      { line: 3, field: "line", message: "is 761 characters long: a record of type E has 760" },
      { line: 4, field: "line", message: "is 250 characters long: a record of type D has 400" },
      { line: 5, field: "authorizationDate", message: expect.stringContaining("positions 566-573") },
      { line: 6, field: "line", message: "is blank: every record starts with its type" },
      { line: 7, field: "recordType", message: "a second header (type 0)" },
      { line: 9, field: "recordType", message: "a record follows the trailer (type 9)" },
      { line: 8, field: "recordCount", message: "says 9 records, the file has 6 between header and trailer" },
      { line: 8, field: "entryCount", message: "says 1 records of type E, the file has 3" },
    ]);
  });

  it("refuses a file without its trailer, and an empty one", () => {
    expect(parse([v15Header(header), good.E].join("\r\n")).faults).toEqual([
      { line: 2, field: "recordType", message: "the file ends without its trailer (type 9)" },
    ]);
    const empty = cieloEdiV15Parser();
    const faults: StatementFault[] = [];
    expect(empty.end(0, { sale: () => {}, fault: (f) => faults.push(f) })).toBeNull();
    expect(faults).toEqual([{ line: 1, field: "file", message: "is empty" }]);
  });
});

describe("the Cielo reader by layout version", () => {
  it("reads a layout 001 file with the older reader, unchanged", () => {
    const cv = { establishment: EC, roNumber: "0261120", saleDate: day, terminal: "00012345", amount: 12_345, nsu: "777" };
    const { sales, faults, summary } = parse(cieloFile(header, [cieloCv(cv)]));
    expect(faults).toEqual([]);
    expect(summary?.fileType).toBe("sales");
    expect(sales.map((s) => [s.line, s.amount, s.nsu])).toEqual([[2, 12_345, "777"]]);
  });

  it("refuses whole a header of a version it does not read, naming it", () => {
    const { faults, summary, sales } = parse(
      cieloV15File({ ...header, version: "014" }, [v15Entry({ ...sale, entryType: "02", totalSale: 100, nsu: "1" })]),
    );
    expect(summary).toBeNull();
    expect(sales).toEqual([]);
    expect(faults).toEqual([
      {
        line: 1,
        field: "layoutVersion",
        message: 'positions 071-073 are "014": only layouts 001 and 015 (Extrato Eletrônico v15) are read',
      },
    ]);
  });

  it("refuses whole a v15 file of an extract option it does not read (09 open balance, 15 negotiations, 16 Pix)", () => {
    for (const extractOption of ["09", "15", "16"]) {
      const { faults, summary } = parse(cieloV15File({ ...header, extractOption }, []));
      expect(summary).toBeNull();
      expect(faults).toEqual([
        {
          line: 1,
          field: "extractOption",
          message: `positions 048-049 are "${extractOption}": only 03 (sales) and 04 (payments) are read`,
        },
      ]);
    }
  });
});
