// Our own CSV statement, for the acquirers whose native files are not read yet (docs/api.md,
// "Reconciliation"): UTF-8, one header line naming CSV_COLUMNS in that order, then one sale per
// line, comma-separated (a field may be wrapped in double quotes; none holds a comma or a quote).
// One acquirer per file. Money in integer cents, dates YYYY-MM-DD and times HH:MM:SS in the
// acquirer's time (America/Sao_Paulo). Pure.

import type { AcquirerName } from "@/lib/events/data-schema";
import { ACQUIRER_NAMES } from "@/lib/events/event-values";
import { SALE_STATUSES, type SaleStatus } from "@/lib/reconciliation/reconciliation-values";
import type { StatementFault, StatementParser, StatementSink } from "@/lib/reconciliation/statement-parser";
import { calendarDate, clockTime } from "@/lib/reconciliation/statement-parser";

export const CSV_COLUMNS = [
  "acquirer",
  "mid",
  "tid",
  "sale_date",
  "sale_time",
  "nsu",
  "authorization_code",
  "amount",
  "installments",
  "card_last4",
  "status",
] as const;

const HEADER = CSV_COLUMNS.join(",");

/** Whether the line is the CSV statement's header (the format's detection). */
export function isCsvHeader(line: string): boolean {
  return (
    line
      .replace(/^\uFEFF/, "")
      .replace(/"/g, "")
      .trim()
      .toLowerCase() === HEADER
  );
}

const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
const AMOUNT = /^\d{1,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;
/** The optional columns' checks, by position (an empty field is null). */
const OPTIONAL: readonly [index: number, column: string, pattern: RegExp, message: string][] = [
  [2, "tid", IDENTIFIER, "must be 1 to 64 letters, digits, '_' or '-'"],
  [5, "nsu", /^[A-Za-z0-9-]{1,40}$/, "must be 1 to 40 letters, digits or '-'"],
  [6, "authorization_code", /^[A-Za-z0-9]{1,12}$/, "must be 1 to 12 letters or digits"],
  [8, "installments", /^\d{1,2}$/, "must be a whole number from 0 to 99"],
  [9, "card_last4", /^\d{4}$/, "must be the card's last 4 digits"],
];
const ACQUIRERS: ReadonlySet<string> = new Set(ACQUIRER_NAMES);
const STATUSES: ReadonlySet<string> = new Set(SALE_STATUSES);
/** Distinct sale dates remembered (a statement has a few; a hostile one cannot grow the cache past this). */
const DATES_REMEMBERED = 1_000;

function fieldsOf(text: string): string[] {
  const fields = text.split(",");
  for (let i = 0; i < fields.length; i++) {
    const t = fields[i]!.trim();
    fields[i] = t.length >= 2 && t.charCodeAt(0) === 34 && t.charCodeAt(t.length - 1) === 34 ? t.slice(1, -1) : t;
  }
  return fields;
}

const orNull = (v: string) => (v === "" ? null : v);

// A million lines per file: the line's path allocates no closure and no object but the sale (a
// tenth of the time it took with them, measured).
export function csvStatementParser(): StatementParser {
  let acquirer: AcquirerName | null = null;
  let headerSeen = false;
  let first: string | null = null;
  let last: string | null = null;
  let refused = false;
  const establishments = new Set<string>();
  const dates = new Map<string, string | null>();
  const dateOf = (text: string): string | null => {
    let date = dates.get(text);
    if (date === undefined) {
      date = DATE.test(text) ? calendarDate(text.replaceAll("-", "")) : null;
      if (dates.size < DATES_REMEMBERED) dates.set(text, date);
    }
    return date;
  };

  return {
    format: "csv",
    line(text, number, sink: StatementSink) {
      if (!text.isWellFormed()) {
        refused = true;
        return sink.fault({ line: number, field: "line", message: "is not valid UTF-8" });
      }
      if (number === 1) {
        headerSeen = isCsvHeader(text);
        if (!headerSeen) {
          refused = true;
          sink.fault({ line: 1, field: "header", message: `must be the CSV statement's header: ${HEADER}` });
        }
        return;
      }
      if (text.trim() === "") return;
      const fields = fieldsOf(text);
      if (fields.length !== CSV_COLUMNS.length) {
        refused = true;
        return sink.fault({
          line: number,
          field: "line",
          message: `has ${fields.length} fields: a sale has ${CSV_COLUMNS.length}`,
        });
      }
      const [acquirerField, mid, tid, saleDateField, saleTimeField, nsu, code, amount, installments, cardLast4, statusField] =
        fields as [string, string, string, string, string, string, string, string, string, string, string];
      const faults: StatementFault[] = [];
      const name = acquirerField.toLowerCase();
      if (!ACQUIRERS.has(name))
        faults.push({ line: number, field: "acquirer", message: `must be one of ${ACQUIRER_NAMES.join(", ")}` });
      else if (acquirer && name !== acquirer)
        faults.push({
          line: number,
          field: "acquirer",
          message: `is ${name}, but this file is ${acquirer}'s: one acquirer per file`,
        });
      if (!IDENTIFIER.test(mid))
        faults.push({ line: number, field: "mid", message: "must be 1 to 64 letters, digits, '_' or '-'" });
      const saleDate = dateOf(saleDateField);
      if (!saleDate) faults.push({ line: number, field: "sale_date", message: "must be a date YYYY-MM-DD" });
      const saleTime = saleTimeField === "" ? null : clockTime(saleTimeField.replaceAll(":", ""));
      if (saleTimeField !== "" && (!saleTime || !TIME.test(saleTimeField)))
        faults.push({ line: number, field: "sale_time", message: "must be a time HH:MM:SS or empty" });
      if (!AMOUNT.test(amount)) faults.push({ line: number, field: "amount", message: "must be a whole number of cents" });
      for (const [index, column, pattern, message] of OPTIONAL) {
        if (fields[index] !== "" && !pattern.test(fields[index]!)) faults.push({ line: number, field: column, message });
      }
      const status = statusField.toLowerCase();
      if (!STATUSES.has(status))
        faults.push({ line: number, field: "status", message: `must be one of ${SALE_STATUSES.join(", ")}` });
      if (faults.length > 0) {
        refused = true;
        for (const f of faults) sink.fault(f);
        return;
      }
      if (refused || !saleDate) return;
      acquirer ??= name as AcquirerName;
      establishments.add(mid);
      if (first === null || saleDate < first) first = saleDate;
      if (last === null || saleDate > last) last = saleDate;
      sink.sale({
        line: number,
        acquirerName: acquirer,
        merchantIdentifier: mid,
        terminalIdentifier: orNull(tid),
        saleDate,
        saleTime,
        nsu: orNull(nsu),
        authorizationCode: orNull(code),
        amount: Number(amount),
        installments: installments === "" ? 0 : Number(installments),
        cardLast4: orNull(cardLast4),
        status: status as SaleStatus,
        rejectionReason: null,
      });
    },
    end(lines, sink) {
      if (lines === 0) {
        sink.fault({ line: 1, field: "file", message: "is empty" });
        return null;
      }
      if (refused || !headerSeen) return null;
      if (!acquirer) {
        sink.fault({ line: lines, field: "file", message: "holds no sale: the acquirer cannot be known" });
        return null;
      }
      return {
        acquirerName: acquirer,
        fileType: "sales",
        sequence: null,
        establishment: null,
        periodStart: first,
        periodEnd: last,
        establishments: [...establishments],
      };
    },
    preamble() {
      return acquirer ? { acquirerName: acquirer, fileType: "sales" } : null;
    },
  };
}
