// Statement files for the reconciliation tests and the bench, built from the published layouts:
// Cielo's EDI records (header, RO, CV, trailer) placed at the manual's positions (the table in
// lib/reconciliation/cielo-edi.ts), and our CSV statement.
import { CSV_COLUMNS } from "@/lib/reconciliation/csv-statement";

/** A 250-character record with `fields` at their 1-based positions (blanks elsewhere). */
function record(fields: [from: number, value: string][]): string {
  const chars = Array.from({ length: 250 }, () => " ");
  for (const [from, value] of fields) for (let i = 0; i < value.length; i++) chars[from - 1 + i] = value[i]!;
  return chars.join("");
}

const digits = (value: number | string, width: number) => String(value).padStart(width, "0");
const compact = (day: string) => day.replaceAll("-", "");

export type CieloHeader = {
  establishment: string;
  processingDate?: string;
  periodStart: string;
  periodEnd: string;
  sequence?: number;
  extractOption?: string;
};

export function cieloHeader(h: CieloHeader): string {
  return record([
    [1, "0"],
    [2, digits(h.establishment, 10)],
    [12, compact(h.processingDate ?? h.periodEnd)],
    [20, compact(h.periodStart)],
    [28, compact(h.periodEnd)],
    [36, digits(h.sequence ?? 1, 7)],
    [43, "CIELO"],
    [48, h.extractOption ?? "03"],
    [50, "I"],
    [51, "CAIXAPOSTAL01"],
    [71, "001"],
  ]);
}

export function cieloRo(ro: { establishment: string; roNumber: string; terminal?: string }): string {
  return record([
    [1, "1"],
    [2, digits(ro.establishment, 10)],
    [12, digits(ro.roNumber, 7)],
    [24, "01"],
    [223, "01"],
    [225, digits(ro.terminal ?? "0", 8)],
  ]);
}

export type CieloCv = {
  establishment: string;
  roNumber: string;
  card?: string;
  saleDate: string;
  amount: number;
  sign?: "+" | "-";
  installment?: number;
  plan?: number;
  totalAmount?: number;
  rejection?: string;
  authorizationCode?: string;
  nsu?: string;
  terminal: string;
  time?: string;
};

export function cieloCv(cv: CieloCv): string {
  return record([
    [1, "2"],
    [2, digits(cv.establishment, 10)],
    [12, digits(cv.roNumber, 7)],
    [19, (cv.card ?? "411111******1234").padStart(19, "0")],
    [38, compact(cv.saleDate)],
    [46, cv.sign ?? "+"],
    [47, digits(cv.amount, 13)],
    [60, digits(cv.installment ?? 0, 2)],
    [62, digits(cv.plan ?? 0, 2)],
    [64, cv.rejection ?? "   "],
    [67, cv.authorizationCode ?? ""],
    [93, cv.nsu ?? ""],
    [114, digits(cv.totalAmount ?? 0, 13)],
    [149, "0001"],
    [153, digits(cv.terminal, 8)],
    [183, (cv.time ?? "10:00:00").replaceAll(":", "")],
  ]);
}

/** A record type the reader must skip (type 5, an ARV operation). */
export const cieloOtherRecord = () =>
  record([
    [1, "5"],
    [2, "0000000001"],
  ]);

export function cieloTrailer(records: number): string {
  return record([
    [1, "9"],
    [2, digits(records, 11)],
  ]);
}

/** A whole file: header, the records given, and a trailer counting them. CRLF endings, as Cielo's files. */
export function cieloFile(header: CieloHeader, records: string[]): string {
  return [cieloHeader(header), ...records, cieloTrailer(records.length), ""].join("\r\n");
}

export type CsvSale = Partial<Record<(typeof CSV_COLUMNS)[number], string | number>>;

export function csvFile(sales: CsvSale[]): string {
  const lines = sales.map((s) => CSV_COLUMNS.map((c) => (s[c] === undefined ? "" : String(s[c]))).join(","));
  return [CSV_COLUMNS.join(","), ...lines, ""].join("\n");
}

/** Today in the acquirers' calendar (America/Sao_Paulo), YYYY-MM-DD. */
export function saoPauloDay(at = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}
