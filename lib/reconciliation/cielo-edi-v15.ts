// The reader of Cielo's Extrato Eletrônico v15 (layout version "015"), what Cielo generates since
// June 2024: sales files (extract option 03) and payments files (04), records of their own lengths
// (lib/reconciliation/cielo-v15-layout.ts holds the positions and the manual's version). Fed one
// line at a time like every statement parser (the file is never held whole), each fault reported
// by its line, the file refused whole when any.
//
// What is a sale: an "E" whose entry type (Tabela de tipo de lançamento) is a sale, 01 debit, 02
// credit or 03 installment sale, and only its first installment (or a single payment, "00"):
// Cielo writes one "E" per installment, the later ones settle a sale already listed. Its amount is
// the sale's total (248-260), as layout 001's store installment plan. Every other entry, 06
// cancellation and 07 its reversal, 08 a chargeback and 09 its reversal, 10 terminal rental,
// adjustments, negotiations and pledges, is never a sale: it is read, checked and handed to
// `records` with the sales' own entries, the "D" URs, the Pix records and the trailer's totals,
// typed, for what settles and debits a merchant (payments, fees, chargebacks: not stored yet).

import {
  type Field,
  readFields,
  V15_ENTRY,
  V15_HEADER,
  V15_PIX,
  V15_RECORD_LENGTHS,
  V15_TRAILER,
  V15_UR,
} from "@/lib/reconciliation/cielo-v15-layout";
import type {
  StatementFault,
  StatementParser,
  StatementSale,
  StatementSink,
  StatementSummary,
} from "@/lib/reconciliation/statement-parser";

export const V15_LAYOUT_VERSION = "015";
const EXTRACT_OPTIONS: Record<string, "sales" | "payments"> = { "03": "sales", "04": "payments" };

/** Tabela de tipo de lançamento (manual 15.14.1), the kinds this console tells apart; the rest is `other`. */
export const ENTRY_KINDS = {
  "01": "debit_sale",
  "02": "credit_sale",
  "03": "installment_sale",
  "04": "debit_adjustment",
  "05": "credit_adjustment",
  "06": "cancellation",
  "07": "cancellation_reversal",
  "08": "chargeback",
  "09": "chargeback_reversal",
  "10": "terminal_rental",
} as const;
export type EntryKind = (typeof ENTRY_KINDS)[keyof typeof ENTRY_KINDS] | "other";

const SALE_KINDS: ReadonlySet<EntryKind> = new Set(["debit_sale", "credit_sale", "installment_sale"]);

function entryKind(entryType: string): EntryKind {
  return (ENTRY_KINDS as Record<string, EntryKind>)[entryType] ?? "other";
}

/** Money in signed integer cents (a debit is negative), dates YYYY-MM-DD, times HH:MM:SS. */
export type CieloUr = {
  record: "ur";
  line: number;
  establishment: string;
  brand: string;
  settlementType: string;
  paymentStatus: string | null;
  gross: number;
  fee: number;
  net: number;
  bankAccount: { bank: string | null; agency: string | null; account: string | null; digit: string | null };
  entries: number;
  entryType: string;
  urKey: string | null;
  paymentDate: string;
  sentToBankDate: string | null;
  originalDueDate: string | null;
};

export type CieloEntry = {
  record: "entry";
  line: number;
  entryType: string;
  kind: EntryKind;
  /** Whether the matching counted it as a sale (a sale's first installment, or its single payment). */
  countedAsSale: boolean;
  establishment: string;
  brand: string;
  settlementType: string;
  installment: number;
  installments: number;
  authorizationCode: string | null;
  urKey: string | null;
  adjustmentCode: string | null;
  paymentMethod: string | null;
  cardBin: string | null;
  cardLast4: string | null;
  nsu: string | null;
  tid: string | null;
  orderReference: string | null;
  /** The MDR rate in hundredths of a percent (248: 2.48%). */
  mdrRate: number;
  totalSale: number;
  gross: number;
  net: number;
  fee: number;
  time: string | null;
  salesChannel: string | null;
  terminal: string | null;
  authorizationDate: string | null;
  captureDate: string | null;
  entryDate: string | null;
};

export type CieloPix = {
  record: "pix";
  line: number;
  establishment: string;
  transactionType: string;
  transactionDate: string;
  time: string | null;
  pixId: string | null;
  nsu: string | null;
  paymentDate: string | null;
  gross: number;
  fee: number;
  net: number;
  bankAccount: { bank: string | null; agency: string | null; account: string | null };
  terminal: string | null;
};

export type CieloTrailerTotals = {
  record: "trailer";
  line: number;
  recordCount: number;
  entryCount: number;
  netTotal: number;
  grossTotal: number;
};

export type CieloV15Record = CieloUr | CieloEntry | CieloPix | CieloTrailerTotals;

export type CieloV15Options = {
  /** Every record read, typed, in file order; only trust them once the file's end reports no fault. */
  records?: (record: CieloV15Record) => void;
};

type Header = { establishment: string; periodStart: string; periodEnd: string; sequence: number; fileType: "sales" | "payments" };

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

export function cieloEdiV15Parser(options: CieloV15Options = {}): StatementParser {
  let header: Header | null = null;
  let records = 0;
  let entries = 0;
  let trailer: { line: number; count: number; entries: number } | null = null;
  let afterTrailer = false;
  let refused = false;
  const establishments = new Set<string>();
  const emit = (record: CieloV15Record) => {
    if (!refused) options.records?.(record);
  };

  /** The record's fields by its table, every fault reported; null when any. */
  function fields(line: string, number: number, table: readonly Field[], sink: StatementSink) {
    const { values, faults } = readFields(line, table);
    for (const f of faults) fault(sink, { line: number, ...f });
    return faults.length === 0 ? values : null;
  }
  const fault = (sink: StatementSink, f: StatementFault) => {
    refused = true;
    sink.fault(f);
  };

  function readHeader(line: string, number: number, sink: StatementSink): void {
    const values = fields(line, number, V15_HEADER, sink);
    const bad = (field: string, message: string) => fault(sink, { line: number, field, message });
    if (at(line, 43, 47).toUpperCase() !== "CIELO") bad("acquirer", 'positions 043-047 must be "CIELO"');
    const option = at(line, 48, 49);
    const fileType = EXTRACT_OPTIONS[option];
    if (!fileType)
      bad("extractOption", `positions 048-049 are ${JSON.stringify(option)}: only 03 (sales) and 04 (payments) are read`);
    const version = at(line, 71, 73);
    if (version !== V15_LAYOUT_VERSION) bad("layoutVersion", `positions 071-073 are ${JSON.stringify(version)}, not "015"`);
    if (!values || !fileType || refused) return;
    const h = values as { establishment: string; periodStart: string; periodEnd: string; sequence: string };
    if (h.periodStart > h.periodEnd) {
      bad("periodEnd", "is before the period's start");
      return;
    }
    header = {
      establishment: h.establishment,
      periodStart: h.periodStart,
      periodEnd: h.periodEnd,
      sequence: Number(h.sequence),
      fileType,
    };
    establishments.add(h.establishment);
  }

  function readUr(line: string, number: number, sink: StatementSink): void {
    const v = fields(line, number, V15_UR, sink) as Record<string, any> | null;
    if (!v) return;
    establishments.add(v.establishment);
    emit({
      record: "ur",
      line: number,
      establishment: v.establishment,
      brand: v.brand,
      settlementType: v.settlementType,
      paymentStatus: v.paymentStatus,
      gross: v.gross,
      fee: v.fee,
      net: v.net,
      bankAccount: { bank: v.bank, agency: v.agency, account: v.account, digit: v.accountDigit },
      entries: v.entries,
      entryType: v.entryType,
      urKey: v.urKey,
      paymentDate: v.paymentDate,
      sentToBankDate: v.sentToBankDate,
      originalDueDate: v.originalDueDate,
    });
  }

  function readEntry(line: string, number: number, sink: StatementSink): void {
    entries++;
    const v = fields(line, number, V15_ENTRY, sink) as Record<string, any> | null;
    if (!v) return;
    const kind = entryKind(v.entryType);
    const sale = SALE_KINDS.has(kind);
    if (sale && !v.authorizationDate) {
      fault(sink, {
        line: number,
        field: "authorizationDate",
        message: "positions 566-573 must be the sale's date DDMMAAAA (entry types 01 to 03 are sales)",
      });
      return;
    }
    establishments.add(v.establishment);
    const countedAsSale = sale && v.installment <= 1;
    // Written out, not spread: a million spreads of the fields cost more than reading them.
    const entry: CieloEntry = {
      record: "entry",
      line: number,
      entryType: v.entryType,
      kind,
      countedAsSale,
      establishment: v.establishment,
      brand: v.brand,
      settlementType: v.settlementType,
      installment: v.installment,
      installments: v.installments,
      authorizationCode: v.authorizationCode,
      urKey: v.urKey,
      adjustmentCode: v.adjustmentCode,
      paymentMethod: v.paymentMethod,
      cardBin: v.cardBin,
      cardLast4: v.cardLast4,
      nsu: v.nsu,
      tid: v.tid,
      orderReference: v.orderReference,
      mdrRate: v.mdrRate,
      totalSale: v.totalSale,
      gross: v.gross,
      net: v.net,
      fee: v.fee,
      time: v.time,
      salesChannel: v.salesChannel,
      terminal: v.terminal,
      authorizationDate: v.authorizationDate,
      captureDate: v.captureDate,
      entryDate: v.entryDate,
    };
    emit(entry);
    if (countedAsSale && !refused) sink.sale(toSale(entry));
  }

  function readPix(line: string, number: number, sink: StatementSink): void {
    const v = fields(line, number, V15_PIX, sink) as Record<string, any> | null;
    if (!v) return;
    establishments.add(v.establishment);
    const { bank, agency, account, ...pix } = v;
    emit({
      record: "pix",
      line: number,
      ...(pix as Omit<CieloPix, "record" | "line" | "bankAccount">),
      bankAccount: { bank, agency, account },
    });
  }

  function readTrailer(line: string, number: number, sink: StatementSink): void {
    afterTrailer = true;
    const v = fields(line, number, V15_TRAILER, sink) as Record<string, any> | null;
    if (!v) return;
    trailer = { line: number, count: v.recordCount, entries: v.entryCount };
    emit({
      record: "trailer",
      line: number,
      recordCount: v.recordCount,
      entryCount: v.entryCount,
      netTotal: v.netTotal,
      grossTotal: v.grossTotal,
    });
  }

  return {
    format: "cielo",
    line(text, number, sink) {
      if (afterTrailer) {
        if (text.trim() !== "")
          fault(sink, { line: number, field: "recordType", message: "a record follows the trailer (type 9)" });
        return;
      }
      if (number > 1 && text.trim() === "") {
        records++;
        return fault(sink, { line: number, field: "line", message: "is blank: every record starts with its type" });
      }
      const type = number === 1 ? "0" : text[0]!;
      const lengths = V15_RECORD_LENGTHS[type];
      if (number > 1 && type !== "9") records++;
      if (lengths && !lengths.includes(text.length)) {
        if (type === "E") entries++;
        if (type === "9") afterTrailer = true;
        fault(sink, {
          line: number,
          field: "line",
          message: `is ${text.length} characters long: a record of type ${type} has ${lengths.join(" or ")}`,
        });
        return;
      }
      if (number === 1) return readHeader(text, number, sink);
      if (type === "0") return fault(sink, { line: number, field: "recordType", message: "a second header (type 0)" });
      if (type === "D") return readUr(text, number, sink);
      if (type === "E") return readEntry(text, number, sink);
      if (type === "8") return readPix(text, number, sink);
      if (type === "9") return readTrailer(text, number, sink);
      // Other record types (A, B, C, R of the negotiation and open-balance files; later ones):
      // skipped, as the manual asks, but counted for the trailer.
    },
    end(lines, sink) {
      if (lines === 0) {
        fault(sink, { line: 1, field: "file", message: "is empty" });
        return null;
      }
      if (!afterTrailer) fault(sink, { line: lines, field: "recordType", message: "the file ends without its trailer (type 9)" });
      const t = trailer as { line: number; count: number; entries: number } | null;
      if (t && t.count !== records)
        fault(sink, {
          line: t.line,
          field: "recordCount",
          message: `says ${t.count} records, the file has ${records} between header and trailer`,
        });
      if (t && t.entries !== entries)
        fault(sink, {
          line: t.line,
          field: "entryCount",
          message: `says ${t.entries} records of type E, the file has ${entries}`,
        });
      const h = header as Header | null;
      if (refused || !h) return null;
      const summary: StatementSummary = {
        acquirerName: "cielo",
        fileType: h.fileType,
        sequence: h.sequence,
        establishment: h.establishment,
        periodStart: h.periodStart,
        periodEnd: h.periodEnd,
        establishments: [...establishments],
      };
      return summary;
    },
    preamble() {
      const h = header as Header | null;
      return h ? { acquirerName: "cielo", fileType: h.fileType } : null;
    },
  };
}

/** A sale entry as the matching reads every statement's sales (the same fields as a layout 001 CV). */
function toSale(e: CieloEntry): StatementSale {
  const terminal = e.terminal !== null && /[1-9]/.test(e.terminal) ? e.terminal : null;
  const last4 = e.cardLast4 !== null && /[1-9]/.test(`${e.cardBin ?? ""}${e.cardLast4}`) ? e.cardLast4 : null;
  // The sale's total; a line whose total is blank (zeros) carries its one installment's gross.
  const amount = e.totalSale !== 0 ? e.totalSale : e.gross;
  return {
    line: e.line,
    acquirerName: "cielo",
    merchantIdentifier: e.establishment,
    terminalIdentifier: terminal,
    saleDate: e.authorizationDate!,
    saleTime: e.time,
    nsu: e.nsu,
    authorizationCode: e.authorizationCode,
    amount: Math.abs(amount),
    installments: e.installments,
    cardLast4: last4,
    // A debit against a sale entry is a cancellation, as layout 001's "-" sign.
    status: amount < 0 ? "voided" : "approved",
    rejectionReason: null,
  };
}
