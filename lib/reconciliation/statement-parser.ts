// The one interface every statement format implements, so that Rede's or Stone's native file is
// one more parser beside cielo-edi.ts and csv-statement.ts, and the importer
// (import-statement.ts) never knows which it reads. A parser is fed the file's lines in order, one
// at a time (the file is streamed, never held whole), and reports each sale and each fault by its
// line; at the end it says what the file covers. Pure.
import type { AcquirerName } from "@/lib/events/data-schema";
import type { SaleStatus, StatementFileType, StatementFormat } from "@/lib/reconciliation/reconciliation-values";

/** One sale as the statement gives it. Money in integer cents; dates and times the acquirer's (America/Sao_Paulo). */
export type StatementSale = {
  /** The file's line (1-based). */
  line: number;
  acquirerName: AcquirerName;
  /** The establishment (MID) as written. */
  merchantIdentifier: string;
  /** The terminal (TID) as written; null when the statement names none. */
  terminalIdentifier: string | null;
  /** YYYY-MM-DD. */
  saleDate: string;
  /** HH:MM:SS, or null when the statement has no time. */
  saleTime: string | null;
  nsu: string | null;
  authorizationCode: string | null;
  amount: number;
  /** 0 or 1: a single payment; more: the plan's number of installments. */
  installments: number;
  cardLast4: string | null;
  status: SaleStatus;
  rejectionReason: string | null;
};

/** What the whole file covers, known at its end. */
export type StatementSummary = {
  acquirerName: AcquirerName;
  fileType: StatementFileType;
  sequence: number | null;
  /** The header's establishment (Cielo's matrix); null when the format has none. */
  establishment: string | null;
  /** YYYY-MM-DD; the header's, else the first and last sale dates; null for a file without sales or header. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Every establishment (MID) the file names: where a notification without a sale is looked for. */
  establishments: string[];
};

/** A fault of the file, by line (problem+json's errors: {line, field, message}). */
export type StatementFault = { line: number; field: string; message: string };

export type StatementSink = { sale(sale: StatementSale): void; fault(fault: StatementFault): void };

export type StatementParser = {
  readonly format: StatementFormat;
  /** One line of the file (its line ending removed), in order. */
  line(text: string, number: number, sink: StatementSink): void;
  /**
   * After the last line (`lines` in all): the faults only the whole file shows (a missing trailer,
   * a count that disagrees), and what the file covers (null when the file was refused).
   */
  end(lines: number, sink: StatementSink): StatementSummary | null;
  /** What the file is, once its first lines are read (for the import's row while it is read); null before. */
  preamble(): Pick<StatementSummary, "acquirerName" | "fileType"> | null;
};

/** A date YYYYMMDD that exists, as YYYY-MM-DD; null otherwise. */
export function calendarDate(digits: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(digits);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (Number(y) < 1 || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

/** A time HHMMSS that exists, as HH:MM:SS; null otherwise. */
export function clockTime(digits: string): string | null {
  const match = /^([01]\d|2[0-3])([0-5]\d)([0-5]\d)$/.exec(digits);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : null;
}
