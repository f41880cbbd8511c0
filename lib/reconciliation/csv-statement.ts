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
const OPTIONAL: Partial<Record<(typeof CSV_COLUMNS)[number], [RegExp, string]>> = {
  tid: [IDENTIFIER, "must be 1 to 64 letters, digits, '_' or '-'"],
  nsu: [/^[A-Za-z0-9-]{1,40}$/, "must be 1 to 40 letters, digits or '-'"],
  authorization_code: [/^[A-Za-z0-9]{1,12}$/, "must be 1 to 12 letters or digits"],
  installments: [/^\d{1,2}$/, "must be a whole number from 0 to 99"],
  card_last4: [/^\d{4}$/, "must be the card's last 4 digits"],
};

function fieldsOf(text: string): string[] {
  return text.split(",").map((f) => {
    const t = f.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
  });
}

export function csvStatementParser(): StatementParser {
  let acquirer: AcquirerName | null = null;
  let headerSeen = false;
  let first: string | null = null;
  let last: string | null = null;
  let refused = false;
  const establishments = new Set<string>();

  return {
    format: "csv",
    line(text, number, sink: StatementSink) {
      const fault = (f: StatementFault) => {
        refused = true;
        sink.fault(f);
      };
      if (!text.isWellFormed()) return fault({ line: number, field: "line", message: "is not valid UTF-8" });
      if (number === 1) {
        headerSeen = isCsvHeader(text);
        if (!headerSeen) fault({ line: 1, field: "header", message: `must be the CSV statement's header: ${HEADER}` });
        return;
      }
      if (text.trim() === "") return;
      const fields = fieldsOf(text);
      if (fields.length !== CSV_COLUMNS.length) {
        return fault({ line: number, field: "line", message: `has ${fields.length} fields: a sale has ${CSV_COLUMNS.length}` });
      }
      const value = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, fields[i]!])) as Record<
        (typeof CSV_COLUMNS)[number],
        string
      >;
      const faults: StatementFault[] = [];
      const bad = (field: string, message: string) => faults.push({ line: number, field, message });
      const name = value.acquirer.toLowerCase();
      if (!(ACQUIRER_NAMES as readonly string[]).includes(name)) bad("acquirer", `must be one of ${ACQUIRER_NAMES.join(", ")}`);
      else if (acquirer && name !== acquirer)
        bad("acquirer", `is ${name}, but this file is ${acquirer}'s: one acquirer per file`);
      if (!IDENTIFIER.test(value.mid)) bad("mid", "must be 1 to 64 letters, digits, '_' or '-'");
      const saleDate = /^\d{4}-\d{2}-\d{2}$/.test(value.sale_date) ? calendarDate(value.sale_date.replaceAll("-", "")) : null;
      if (!saleDate) bad("sale_date", "must be a date YYYY-MM-DD");
      const saleTime = value.sale_time === "" ? null : clockTime(value.sale_time.replaceAll(":", ""));
      if (value.sale_time !== "" && (!saleTime || !/^\d{2}:\d{2}:\d{2}$/.test(value.sale_time)))
        bad("sale_time", "must be a time HH:MM:SS or empty");
      if (!/^\d{1,15}$/.test(value.amount)) bad("amount", "must be a whole number of cents");
      for (const [column, [pattern, message]] of Object.entries(OPTIONAL) as [keyof typeof OPTIONAL, [RegExp, string]][]) {
        if (value[column] !== "" && !pattern.test(value[column])) bad(column, message);
      }
      const status = value.status.toLowerCase();
      if (!(SALE_STATUSES as readonly string[]).includes(status)) bad("status", `must be one of ${SALE_STATUSES.join(", ")}`);
      for (const f of faults) fault(f);
      if (faults.length > 0 || refused || !saleDate) return;
      acquirer ??= name as AcquirerName;
      establishments.add(value.mid);
      if (first === null || saleDate < first) first = saleDate;
      if (last === null || saleDate > last) last = saleDate;
      const orNull = (v: string) => (v === "" ? null : v);
      sink.sale({
        line: number,
        acquirerName: acquirer,
        merchantIdentifier: value.mid,
        terminalIdentifier: orNull(value.tid),
        saleDate,
        saleTime,
        nsu: orNull(value.nsu),
        authorizationCode: orNull(value.authorization_code),
        amount: Number(value.amount),
        installments: value.installments === "" ? 0 : Number(value.installments),
        cardLast4: orNull(value.card_last4),
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
