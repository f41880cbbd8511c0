// Cielo Extrato Eletrônico v15 files for the tests and the bench, each field written at its place
// in manual 15.14.1 (cross-checked with CardSync's 15.15 reader and the real lines its tests
// quote), independently of the reader's own tables (lib/reconciliation/cielo-v15-layout.ts), so
// that a wrong place in either shows. Layout 001's builders are in statement-files.ts.

/** A record of `length` characters with `fields` at their 1-based positions (blanks elsewhere). */
function record(length: number, fields: [from: number, value: string][]): string {
  const chars = Array.from({ length }, () => " ");
  for (const [from, value] of fields) for (let i = 0; i < value.length; i++) chars[from - 1 + i] = value[i]!;
  return chars.join("");
}

const digits = (value: number | string, width: number) => String(value).padStart(width, "0");
const signed = (cents: number, width: number) => `${cents < 0 ? "-" : "+"}${digits(Math.abs(cents), width)}`;
const ymd = (day: string) => day.replaceAll("-", "");
const dmy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;
const yymmdd = (day: string) => ymd(day).slice(2);

export type V15Header = {
  establishment: string;
  periodStart: string;
  periodEnd: string;
  processingDate?: string;
  sequence?: number;
  extractOption?: string;
  version?: string;
};

export function v15Header(h: V15Header): string {
  return record(250, [
    [1, "0"],
    [2, digits(h.establishment, 10)],
    [12, ymd(h.processingDate ?? h.periodEnd)],
    [20, ymd(h.periodStart)],
    [28, ymd(h.periodEnd)],
    [36, digits(h.sequence ?? 1, 7)],
    [43, "CIELO"],
    [48, h.extractOption ?? "03"],
    [50, "I"],
    [71, h.version ?? "015"],
  ]);
}

export type V15Ur = {
  establishment: string;
  brand?: string;
  settlementType?: string;
  paymentStatus?: string;
  gross: number;
  fee: number;
  net: number;
  entries?: number;
  entryType?: string;
  urKey?: string;
  paymentDate: string;
};

/** A "D" record, 400 characters. */
export function v15Ur(d: V15Ur): string {
  return record(400, [
    [1, "D"],
    [2, digits(d.establishment, 10)],
    [12, "12345678000199".repeat(3)],
    [54, d.brand ?? "001"],
    [57, d.settlementType ?? "002"],
    [60, digits(d.establishment, 10)],
    [70, d.paymentStatus ?? "04"],
    [72, signed(d.gross, 13)],
    [86, signed(-Math.abs(d.fee), 13)],
    [100, signed(d.net, 13)],
    [114, "0341"],
    [118, "01234"],
    [123, digits("245151", 20)],
    [143, "1"],
    [144, digits(d.entries ?? 1, 6)],
    [150, d.entryType ?? "02"],
    [152, d.urKey ?? "12345678000199UR0001"],
    [268, dmy(d.paymentDate)],
    [276, dmy(d.paymentDate)],
    [284, dmy(d.paymentDate)],
    [292, digits(d.establishment, 10)],
  ]);
}

export type V15Entry = {
  establishment: string;
  /** Tabela de tipo de lançamento: 01 debit, 02 credit, 03 installment sale, 06 cancellation... */
  entryType: string;
  /** YYYY-MM-DD; null writes zeros (an entry with no sale behind it). */
  authorizationDate: string | null;
  totalSale: number;
  gross?: number;
  fee?: number;
  installment?: number;
  installments?: number;
  authorizationCode?: string;
  nsu?: string;
  terminal?: string;
  brand?: string;
  paymentMethod?: string;
  cardBin?: string;
  cardLast4?: string;
  /** Hundredths of a percent (248: 2.48%). */
  mdrRate?: number;
  time?: string;
  captureDate?: string;
  adjustmentCode?: string;
};

/** An "E" record, 760 characters. */
export function v15Entry(e: V15Entry): string {
  const gross = e.gross ?? e.totalSale;
  const fee = e.fee ?? Math.round((Math.abs(gross) * (e.mdrRate ?? 248)) / 10_000);
  const net = gross < 0 ? gross + fee : gross - fee;
  return record(760, [
    [1, "E"],
    [2, digits(e.establishment, 10)],
    [12, e.brand ?? "001"],
    [15, e.entryType === "01" ? "001" : "002"],
    [18, digits(e.installment ?? 0, 2)],
    [20, digits(e.installments ?? 0, 2)],
    [22, e.authorizationCode ?? ""],
    [28, e.entryType],
    [30, "12345678000199UR0001"],
    [152, e.adjustmentCode ?? ""],
    [156, e.paymentMethod ?? "040"],
    [159, "NNN3NNN"],
    [166, e.cardBin ?? "498407"],
    [172, e.cardLast4 ?? "3786"],
    [176, e.nsu ?? ""],
    [182, "0000000000"],
    [192, "TID0000000000000001"],
    [232, digits(e.mdrRate ?? 248, 5)],
    [237, "00000"],
    [242, digits(e.mdrRate ?? 248, 5)],
    [247, signed(e.totalSale, 13)],
    [261, signed(gross, 13)],
    [275, signed(net, 13)],
    [289, signed(gross < 0 ? fee : -fee, 13)],
    [303, "+0000000000000".repeat(12)],
    [471, (e.time ?? "10:00:00").replaceAll(":", "")],
    [477, "01"],
    [541, "001"],
    [544, e.terminal === undefined ? "" : digits(e.terminal, 8)],
    [561, "00036"],
    [566, e.authorizationDate === null ? "00000000" : dmy(e.authorizationDate)],
    [574, dmy(e.captureDate ?? e.authorizationDate ?? "2026-01-01")],
    [582, dmy(e.authorizationDate ?? "2026-01-01")],
  ]);
}

export type V15Pix = { establishment: string; day: string; gross: number; fee: number; nsu?: string; length?: 250 | 400 };

/** An "8" record (Pix), 400 characters since manual 15.9 (250 before). */
export function v15Pix(p: V15Pix): string {
  const length = p.length ?? 400;
  return record(length, [
    [1, "8"],
    [2, digits(p.establishment, 10)],
    [12, "01"],
    [14, yymmdd(p.day)],
    [20, "101500"],
    [26, "123e4567e89b12d3a456426614174000abcd"],
    [62, p.nsu ?? "000001"],
    [68, yymmdd(p.day)],
    [74, signed(p.gross, 13)],
    [88, signed(-p.fee, 13)],
    [102, signed(p.gross - p.fee, 13)],
    [116, "0341"],
    [120, "01234"],
    [125, digits("245151", 20)],
    [162, "00000000"],
    ...(length === 400 ? ([[240, "123e4567e89b12d3a456426614174111wxyz"]] as [number, string][]) : []),
  ]);
}

export function v15Trailer(records: number, entries: number): string {
  return record(250, [
    [1, "9"],
    [2, digits(records, 11)],
    [13, signed(0, 17)],
    [31, digits(entries, 11)],
    [42, signed(0, 17)],
    [60, signed(0, 17)],
    [78, signed(0, 17)],
  ]);
}

/** A whole file: header, the records given, and a trailer counting them (and the "E" among them). CRLF endings. */
export function cieloV15File(header: V15Header, records: string[]): string {
  const entries = records.filter((r) => r[0] === "E").length;
  return [v15Header(header), ...records, v15Trailer(records.length, entries), ""].join("\r\n");
}
