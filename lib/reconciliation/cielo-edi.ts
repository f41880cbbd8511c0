// Cielo's Extrato Eletrônico (EDI), as Cielo's developer manual lays it out (GitHub
// DeveloperCielo/EDI, source/extrato-edi.md and its English source/extrato-edi-english.md,
// "Layouts dos Tipos de Registros"): fixed-width lines of 250 characters, the first one the record
// type. Positions below are the manual's, 1-based and inclusive ("Início", "Fim"):
//
//   Type 0, header:  001 "0" | 002-011 establishment (matrix) | 012-019 processing date AAAAMMDD |
//                    020-027 period start AAAAMMDD | 028-035 period end AAAAMMDD | 036-042 sequence
//                    (9999999 for a recovered file) | 043-047 "CIELO" | 048-049 extract option
//                    (Table I: 03 sales, 04 payments; 06, 07, 08, 09 are not read here) |
//                    050 VAN | 051-070 mailbox | 071-073 layout version "001"
//   Type 1, RO:      001 "1" | 002-011 establishment | 012-018 RO number | 024-025 transaction type
//                    (Table II) | 223-224 capture medium (Table VII; 06 manual: its terminal is
//                    Cielo's own) | 225-232 logical terminal number
//   Type 2, CV:      001 "2" | 002-011 establishment | 012-018 RO number | 019-037 truncated card
//                    number (zeros for e-commerce and mobile) | 038-045 sale date AAAAMMDD | 046 sign
//                    ("+" credit, "-" debit) | 047-059 amount or installment value, in cents |
//                    060-061 installment (zeros when single) | 062-063 plan: total installments |
//                    064-066 rejection reason (Table VIII; blank when none) | 067-072 authorization
//                    code | 073-092 TID (e-commerce) | 093-098 NSU/DOC | 114-126 total sale value of
//                    a store installment plan, cents (the English manual; the Portuguese table lost
//                    this row) | 153-160 logical terminal number | 183-188 time HHMMSS (zeros when
//                    none)
//   Type 9, trailer: 001 "9" | 002-012 total records, header and trailer not included
//
// Record types the manual adds later (3 to 8, others) are skipped, as its note asks, but counted
// for the trailer. Only a plan's first installment (or a single payment) is a sale: later
// installments in a payments file settle a sale already listed, and would count it twice.
// A CV with a rejection reason is `rejected`; one with the debit sign is `voided` (a debit against
// the sale: a cancellation); every other one is `approved`.
import type { StatementFault, StatementParser, StatementSale, StatementSink } from "@/lib/reconciliation/statement-parser";
import { calendarDate, clockTime } from "@/lib/reconciliation/statement-parser";

export const CIELO_LINE_LENGTH = 250;
const EXTRACT_OPTIONS: Record<string, "sales" | "payments"> = { "03": "sales", "04": "payments" };

/** Characters `from`..`to` of the line, the manual's 1-based inclusive positions. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** Whether the line looks like a Cielo header (the format's detection). */
export function isCieloHeader(line: string): boolean {
  return line.length === CIELO_LINE_LENGTH && line[0] === "0" && at(line, 43, 47).toUpperCase() === "CIELO";
}

type Header = { establishment: string; periodStart: string; periodEnd: string; sequence: number; fileType: "sales" | "payments" };

export function cieloEdiParser(): StatementParser {
  let header: Header | null = null;
  let records = 0;
  let trailer: { line: number; count: number } | null = null;
  let afterTrailer = false;
  let refused = false;
  const establishments = new Set<string>();
  const roTerminals = new Map<string, string>();

  const fault = (sink: StatementSink, f: StatementFault) => {
    refused = true;
    sink.fault(f);
  };

  function readHeader(line: string, number: number, sink: StatementSink): void {
    const faults: StatementFault[] = [];
    const bad = (field: string, message: string) => faults.push({ line: number, field, message });
    if (line[0] !== "0") bad("recordType", "the first record must be the header (type 0): this is not a Cielo EDI file");
    if (at(line, 43, 47).toUpperCase() !== "CIELO") bad("acquirer", 'positions 043-047 must be "CIELO"');
    const establishment = at(line, 2, 11);
    if (!/^\d{10}$/.test(establishment)) bad("establishment", "positions 002-011 must be 10 digits");
    const periodStart = calendarDate(at(line, 20, 27));
    if (!periodStart) bad("periodStart", "positions 020-027 must be a date AAAAMMDD");
    const periodEnd = calendarDate(at(line, 28, 35));
    if (!periodEnd) bad("periodEnd", "positions 028-035 must be a date AAAAMMDD");
    if (!calendarDate(at(line, 12, 19))) bad("processingDate", "positions 012-019 must be a date AAAAMMDD");
    const sequence = at(line, 36, 42);
    if (!/^\d{7}$/.test(sequence)) bad("sequence", "positions 036-042 must be 7 digits");
    const option = at(line, 48, 49);
    const fileType = EXTRACT_OPTIONS[option];
    if (!fileType)
      bad("extractOption", `positions 048-049 are ${JSON.stringify(option)}: only 03 (sales) and 04 (payments) are read`);
    if (periodStart && periodEnd && periodStart > periodEnd) bad("periodEnd", "is before the period's start");
    for (const f of faults) fault(sink, f);
    if (faults.length === 0 && periodStart && periodEnd && fileType) {
      header = { establishment, periodStart, periodEnd, sequence: Number(sequence), fileType };
      establishments.add(establishment);
    }
  }

  function readRo(line: string, number: number, sink: StatementSink): void {
    const establishment = at(line, 2, 11);
    const ro = at(line, 12, 18);
    if (!/^\d{10}$/.test(establishment)) {
      fault(sink, { line: number, field: "establishment", message: "positions 002-011 must be 10 digits" });
      return;
    }
    establishments.add(establishment);
    const terminal = at(line, 225, 232).trim();
    if (/^\d{8}$/.test(terminal) && at(line, 223, 224) !== "06") roTerminals.set(`${establishment}/${ro}`, terminal);
  }

  function readCv(line: string, number: number, sink: StatementSink): void {
    const faults: StatementFault[] = [];
    const bad = (field: string, message: string) => faults.push({ line: number, field, message });
    const establishment = at(line, 2, 11);
    if (!/^\d{10}$/.test(establishment)) bad("establishment", "positions 002-011 must be 10 digits");
    const saleDate = calendarDate(at(line, 38, 45));
    if (!saleDate) bad("saleDate", "positions 038-045 must be a date AAAAMMDD");
    const sign = at(line, 46, 46);
    if (sign !== "+" && sign !== "-") bad("amountSign", 'position 046 must be "+" or "-"');
    const amountDigits = at(line, 47, 59);
    if (!/^\d{13}$/.test(amountDigits)) bad("amount", "positions 047-059 must be 13 digits (cents)");
    const installment = at(line, 60, 61);
    const plan = at(line, 62, 63);
    if (!/^\d{2}$/.test(installment)) bad("installment", "positions 060-061 must be 2 digits");
    if (!/^\d{2}$/.test(plan)) bad("installments", "positions 062-063 must be 2 digits");
    const rejection = at(line, 64, 66).trim();
    if (rejection !== "" && !/^[0-9A-Z]{1,3}$/.test(rejection))
      bad("rejectionReason", "positions 064-066 must be a code of Table VIII or blank");
    const code = at(line, 67, 72).trim();
    if (code !== "" && !/^[0-9A-Za-z]+$/.test(code)) bad("authorizationCode", "positions 067-072 must be letters and digits");
    const nsu = at(line, 93, 98).trim();
    if (nsu !== "" && !/^[0-9A-Za-z]+$/.test(nsu)) bad("nsu", "positions 093-098 must be letters and digits");
    const totalDigits = at(line, 114, 126);
    const terminalField = at(line, 153, 160).trim();
    if (terminalField !== "" && !/^\d{8}$/.test(terminalField)) bad("terminal", "positions 153-160 must be 8 digits or blank");
    const timeDigits = at(line, 183, 188);
    const saleTime = timeDigits === "000000" || timeDigits.trim() === "" ? null : clockTime(timeDigits);
    if (timeDigits.trim() !== "" && timeDigits !== "000000" && !saleTime)
      bad("saleTime", "positions 183-188 must be a time HHMMSS");
    for (const f of faults) fault(sink, f);
    if (faults.length > 0 || refused || !saleDate) return;
    establishments.add(establishment);
    // A later installment settles a sale already listed (its first installment): not a sale.
    if (Number(installment) > 1) return;
    const planSize = Number(plan);
    // A store installment plan's CV carries the installment's value; the sale is the total.
    const amount =
      planSize > 1 && /^\d{13}$/.test(totalDigits) && Number(totalDigits) > 0 ? Number(totalDigits) : Number(amountDigits);
    const card = at(line, 19, 37).trim();
    const last4 = /^\d{4}$/.test(card.slice(-4)) && /[1-9]/.test(card) ? card.slice(-4) : null;
    const terminal =
      terminalField !== "" && /[1-9]/.test(terminalField)
        ? terminalField
        : (roTerminals.get(`${establishment}/${at(line, 12, 18)}`) ?? null);
    const sale: StatementSale = {
      line: number,
      acquirerName: "cielo",
      merchantIdentifier: establishment,
      terminalIdentifier: terminal,
      saleDate,
      saleTime,
      nsu: nsu === "" ? null : nsu,
      authorizationCode: code === "" ? null : code,
      amount,
      installments: planSize,
      cardLast4: last4,
      status: rejection !== "" ? "rejected" : sign === "-" ? "voided" : "approved",
      rejectionReason: rejection === "" ? null : rejection,
    };
    sink.sale(sale);
  }

  return {
    format: "cielo",
    line(text, number, sink) {
      if (afterTrailer) {
        if (text.trim() === "") return;
        fault(sink, { line: number, field: "recordType", message: "a record follows the trailer (type 9)" });
        return;
      }
      if (text.length !== CIELO_LINE_LENGTH) {
        // Still a record for the trailer's count (unless it is the header's place).
        if (number > 1 && text[0] !== "9") records++;
        fault(sink, {
          line: number,
          field: "line",
          message: `is ${text.length} characters long: every record has ${CIELO_LINE_LENGTH}`,
        });
        return;
      }
      if (number === 1) return readHeader(text, number, sink);
      const type = text[0];
      if (type === "9") {
        const count = at(text, 2, 12);
        if (!/^\d{11}$/.test(count))
          fault(sink, { line: number, field: "recordCount", message: "positions 002-012 must be 11 digits" });
        else trailer = { line: number, count: Number(count) };
        afterTrailer = true;
        return;
      }
      records++;
      if (type === "0") {
        fault(sink, { line: number, field: "recordType", message: "a second header (type 0)" });
        return;
      }
      if (type === "1") return readRo(text, number, sink);
      if (type === "2") return readCv(text, number, sink);
      // Other record types: skipped, as the manual asks (they may come in later versions).
    },
    end(lines, sink) {
      if (lines === 0) {
        fault(sink, { line: 1, field: "file", message: "is empty" });
        return null;
      }
      if (!trailer && !afterTrailer)
        fault(sink, { line: lines, field: "recordType", message: "the file ends without its trailer (type 9)" });
      const t = trailer as { line: number; count: number } | null;
      if (t && t.count !== records) {
        fault(sink, {
          line: t.line,
          field: "recordCount",
          message: `says ${t.count} records, the file has ${records} between header and trailer`,
        });
      }
      const h = header as Header | null;
      if (refused || !h) return null;
      return {
        acquirerName: "cielo",
        fileType: h.fileType,
        sequence: h.sequence,
        establishment: h.establishment,
        periodStart: h.periodStart,
        periodEnd: h.periodEnd,
        establishments: [...establishments],
      };
    },
    preamble() {
      const h = header as Header | null;
      return h ? { acquirerName: "cielo", fileType: h.fileType } : null;
    },
  };
}
