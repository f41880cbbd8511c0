// The statement formats by name, and which one a file is when the request does not say (its
// first line). Adding Rede's or Stone's native layout is one parser file and one entry here.
import { isCieloHeader } from "@/lib/reconciliation/cielo-edi";
import { cieloStatementParser } from "@/lib/reconciliation/cielo-layouts";
import { csvStatementParser, isCsvHeader } from "@/lib/reconciliation/csv-statement";
import type { StatementFormat } from "@/lib/reconciliation/reconciliation-values";
import type { StatementParser } from "@/lib/reconciliation/statement-parser";

const FORMATS: Record<StatementFormat, { parser: () => StatementParser; recognizes: (firstLine: string) => boolean }> = {
  // Layout 001 or 015 (Extrato Eletrônico v15), by the header's version.
  cielo: { parser: () => cieloStatementParser(), recognizes: isCieloHeader },
  csv: { parser: csvStatementParser, recognizes: isCsvHeader },
};

export function statementParser(format: StatementFormat): StatementParser {
  return FORMATS[format].parser();
}

/** The format whose header the first line is; null when none recognizes it. */
export function detectFormat(firstLine: string): StatementFormat | null {
  for (const [format, { recognizes }] of Object.entries(FORMATS) as [StatementFormat, (typeof FORMATS)[StatementFormat]][]) {
    if (recognizes(firstLine)) return format;
  }
  return null;
}
