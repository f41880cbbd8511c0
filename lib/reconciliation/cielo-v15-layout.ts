// The record tables of Cielo's Extrato Eletrônico v15 (header "0", "D" UR agenda, "E" entry
// detail, "8" Pix, trailer "9"), and the one routine that reads and checks a record's fields by
// them. Positions are the manual's, 1-based and inclusive ("Início", "Fim"). Cielo publishes the
// v15 manual as a PDF beside its developer site's EDI tutorial (developercielo.github.io,
// "EXTRATO ELETRÔNICO v15": versions 15.10 to 15.12 linked there); the tables below were taken
// from manual 15.14.1 as the public parser jhamerski/cielo-edi lays it out, cross-checked field by
// field against williamsilva/CardSync's reader of 15.15 and the real 015 lines its tests quote
// (a CIELO04 header, D, E and trailer of 2026). Where they disagree it is said at the field. Pure.
import { calendarDate, clockTime } from "@/lib/reconciliation/statement-parser";

/** What a field holds, and so how it is checked and read. */
export type FieldKind =
  /** Digits only, the whole width: a string (codes keep their leading zeros). */
  | "digits"
  /** Digits, or all blank (null). */
  | "digitsOrBlank"
  /** Letters and digits, or all blank (null); trimmed. */
  | "code"
  /** Not checked: trimmed, null when blank. */
  | "text"
  /** Digits, read as a number. */
  | "count"
  /** A sign ("+" or "-") at `from`, then digits to `to`: signed integer cents. */
  | "signedCents"
  /** AAAAMMDD: YYYY-MM-DD. */
  | "date"
  /** DDMMAAAA: YYYY-MM-DD. */
  | "dmyDate"
  /** DDMMAAAA, or zeros / blank (null). */
  | "dmyDateOrNone"
  /** AAMMDD (20AA): YYYY-MM-DD. */
  | "shortDate"
  /** AAMMDD, or zeros / blank (null). */
  | "shortDateOrNone"
  /** HHMMSS, or zeros / blank (null): HH:MM:SS. */
  | "timeOrNone";

export type Field = { readonly name: string; readonly from: number; readonly to: number; readonly kind: FieldKind };

const f = (name: string, from: number, to: number, kind: FieldKind): Field => ({ name, from, to, kind });

/** Each record type's own length (manual 15.14.1, "Tamanho"). A Pix record had 250 before 15.9, 400 since. */
export const V15_RECORD_LENGTHS: Record<string, readonly number[]> = {
  "0": [250],
  D: [400],
  E: [760],
  "8": [250, 400],
  "9": [250],
};

/**
 * Header "0", manual 15.14.1 (the same places as layout 001's header, which the version at
 * 071-073 tells apart). 043-047 "CIELO", 048-049 the extract option, 050 the transmission (VAN),
 * 051-070 the mailbox, 071-073 the layout version are checked by the reader itself.
 */
export const V15_HEADER: readonly Field[] = [
  f("establishment", 2, 11, "digits"),
  f("processingDate", 12, 19, "date"),
  f("periodStart", 20, 27, "date"),
  f("periodEnd", 28, 35, "date"),
  f("sequence", 36, 42, "digits"),
];

/**
 * "D", UR agenda (a receivable unit: what is paid to one account, one brand and settlement type,
 * on one day), manual 15.14.1; CardSync's 15.15 reader and its real line agree. Cielo sends it in
 * payments files (04) and open-balance files (09), not in sales files (03). Not read here:
 * 012-053 the holder's, mover's and receiver's CPF/CNPJ, 060-069 the paying matrix, 252-267
 * reserved, 302-319 flags and the negotiator's CNPJ.
 */
export const V15_UR: readonly Field[] = [
  f("establishment", 2, 11, "digits"),
  f("brand", 54, 56, "digits"),
  f("settlementType", 57, 59, "digits"),
  f("paymentStatus", 70, 71, "code"),
  f("gross", 72, 85, "signedCents"),
  f("fee", 86, 99, "signedCents"),
  f("net", 100, 113, "signedCents"),
  f("bank", 114, 117, "digitsOrBlank"),
  // Letters allowed: the manual (15.9) names the agency's data type apart.
  f("agency", 118, 122, "code"),
  f("account", 123, 142, "code"),
  f("accountDigit", 143, 143, "code"),
  f("entries", 144, 149, "count"),
  f("entryType", 150, 151, "digits"),
  f("urKey", 152, 251, "text"),
  f("paymentDate", 268, 275, "dmyDate"),
  f("sentToBankDate", 276, 283, "dmyDateOrNone"),
  f("originalDueDate", 284, 291, "dmyDateOrNone"),
  f("paymentEstablishment", 292, 301, "digitsOrBlank"),
];

/**
 * "E", entry detail (one sale, one installment of a sale, or an adjustment), manual 15.14.1;
 * CardSync (15.15) reads the same places. The MDR rate (232-236) has two decimals: the real line
 * reads 00248 for a fee of 3.28 on 132.11 (2.48%), where jhamerski/cielo-edi divides by 1,000.
 * 561-565 became the pricing model in 15.11.1 (557-560 reserved). Not read here: 130-151 the
 * transaction code received, 159-165 flags, 182-191 invoice number, 237-246 the automatic
 * receipt and sale rates, 303-470 twelve signed amounts of negotiations and pledges, 477-540 card
 * group, receiver's CNPJ, authorization brand and unique sale code, 598-760 batch, due date,
 * matrix, card type and origin, ARN, capture type and reserved places.
 */
export const V15_ENTRY: readonly Field[] = [
  f("establishment", 2, 11, "digits"),
  f("brand", 12, 14, "digits"),
  f("settlementType", 15, 17, "digits"),
  f("installment", 18, 19, "count"),
  f("installments", 20, 21, "count"),
  f("authorizationCode", 22, 27, "code"),
  f("entryType", 28, 29, "digits"),
  f("urKey", 30, 129, "text"),
  f("adjustmentCode", 152, 155, "code"),
  f("paymentMethod", 156, 158, "digitsOrBlank"),
  f("cardBin", 166, 171, "digitsOrBlank"),
  f("cardLast4", 172, 175, "digitsOrBlank"),
  f("nsu", 176, 181, "code"),
  f("tid", 192, 211, "text"),
  f("orderReference", 212, 231, "text"),
  f("mdrRate", 232, 236, "count"),
  f("totalSale", 247, 260, "signedCents"),
  f("gross", 261, 274, "signedCents"),
  f("net", 275, 288, "signedCents"),
  f("fee", 289, 302, "signedCents"),
  f("time", 471, 476, "timeOrNone"),
  f("salesChannel", 541, 543, "digitsOrBlank"),
  f("terminal", 544, 551, "digitsOrBlank"),
  f("authorizationDate", 566, 573, "dmyDateOrNone"),
  f("captureDate", 574, 581, "dmyDateOrNone"),
  f("entryDate", 582, 589, "dmyDateOrNone"),
];

/**
 * "8", a Pix transaction, manual 15.14.1 (400 characters since 15.9; the TX ID at 240-275 only
 * then). Not read here: 145-161 capture date, fee rate and tariff, channel; 170-239 reserved.
 */
export const V15_PIX: readonly Field[] = [
  f("establishment", 2, 11, "digits"),
  f("transactionType", 12, 13, "digits"),
  f("transactionDate", 14, 19, "shortDate"),
  f("time", 20, 25, "timeOrNone"),
  f("pixId", 26, 61, "text"),
  f("nsu", 62, 67, "code"),
  f("paymentDate", 68, 73, "shortDateOrNone"),
  f("gross", 74, 87, "signedCents"),
  f("fee", 88, 101, "signedCents"),
  f("net", 102, 115, "signedCents"),
  f("bank", 116, 119, "digitsOrBlank"),
  f("agency", 120, 124, "code"),
  f("account", 125, 144, "code"),
  f("terminal", 162, 169, "digitsOrBlank"),
];

/**
 * Trailer "9", manual 15.14.1; the real CIELO04 trailer agrees (2 records, 1 of them "E"). The
 * total counts the records between header and trailer, as layout 001's does. Not read here:
 * 060-095 the net amounts assigned and pledged.
 */
export const V15_TRAILER: readonly Field[] = [
  f("recordCount", 2, 12, "count"),
  f("netTotal", 13, 30, "signedCents"),
  f("entryCount", 31, 41, "count"),
  f("grossTotal", 42, 59, "signedCents"),
];

export type FieldValue = string | number | null;
export type FieldFault = { field: string; message: string };

const pad = (n: number) => String(n).padStart(3, "0");
const place = (from: number, to: number) => (from === to ? `position ${pad(from)}` : `positions ${pad(from)}-${pad(to)}`);
const none = (raw: string) => raw.trim() === "" || /^0+$/.test(raw);
const DIGITS = /^\d+$/;
const CODE = /^[0-9A-Za-z]+$/;

/**
 * calendarDate of a raw date, remembered: a file holds few distinct days, and checking one builds
 * a Date (a million "E" records carry three dates each).
 */
const knownDays = new Map<string, string | null>();
function rememberedDay(ymd: string): string | null {
  let day = knownDays.get(ymd);
  if (day === undefined) {
    if (knownDays.size >= 4_096) knownDays.clear();
    day = calendarDate(ymd);
    knownDays.set(ymd, day);
  }
  return day;
}

/** Reads one field; a string is the fault's message (the field's places and what they must hold). */
function readField(line: string, { from, to, kind }: Field): FieldValue | { fault: string } {
  const raw = line.slice(from - 1, to);
  const width = to - from + 1;
  const at = place(from, to);
  switch (kind) {
    case "digits":
      return DIGITS.test(raw) ? raw : { fault: `${at} must be ${width} digits` };
    case "count":
      return DIGITS.test(raw) ? Number(raw) : { fault: `${at} must be ${width} digits` };
    case "digitsOrBlank":
      if (raw.trim() === "") return null;
      return DIGITS.test(raw) ? raw : { fault: `${at} must be ${width} digits or blank` };
    case "code": {
      const value = raw.trim();
      if (value === "") return null;
      return CODE.test(value) ? value : { fault: `${at} must be letters and digits, or blank` };
    }
    case "text":
      return raw.trim() === "" ? null : raw.trim();
    case "signedCents": {
      const sign = raw[0];
      const digits = raw.slice(1);
      if ((sign !== "+" && sign !== "-") || !DIGITS.test(digits))
        return { fault: `${at} must be a sign ("+" or "-") and ${width - 1} digits (cents)` };
      const cents = Number(digits);
      return sign === "-" && cents !== 0 ? -cents : cents;
    }
    case "date":
      return rememberedDay(raw) ?? { fault: `${at} must be a date AAAAMMDD` };
    case "dmyDate":
    case "dmyDateOrNone": {
      if (kind === "dmyDateOrNone" && none(raw)) return null;
      const day = /^\d{8}$/.test(raw) ? rememberedDay(`${raw.slice(4)}${raw.slice(2, 4)}${raw.slice(0, 2)}`) : null;
      return day ?? { fault: `${at} must be a date DDMMAAAA${kind === "dmyDateOrNone" ? ", or zeros" : ""}` };
    }
    case "shortDate":
    case "shortDateOrNone": {
      if (kind === "shortDateOrNone" && none(raw)) return null;
      return (
        rememberedDay(`20${raw}`) ?? { fault: `${at} must be a date AAMMDD${kind === "shortDateOrNone" ? ", or zeros" : ""}` }
      );
    }
    case "timeOrNone":
      if (none(raw)) return null;
      return clockTime(raw) ?? { fault: `${at} must be a time HHMMSS, or zeros` };
  }
}

/** Each table's fields all present (null), copied per line: values are then stored into an object of one shape, never grown key by key. */
const shapes = new WeakMap<readonly Field[], Record<string, FieldValue>>();

/** Every field of the table read from the line, and a fault for each that does not hold what it must. */
export function readFields(line: string, table: readonly Field[]): { values: Record<string, FieldValue>; faults: FieldFault[] } {
  let shape = shapes.get(table);
  if (!shape) {
    shape = Object.fromEntries(table.map((field) => [field.name, null]));
    shapes.set(table, shape);
  }
  const values = { ...shape };
  const faults: FieldFault[] = [];
  for (const field of table) {
    const value = readField(line, field);
    if (value !== null && typeof value === "object") faults.push({ field: field.name, message: value.fault });
    else values[field.name] = value;
  }
  return { values, faults };
}
