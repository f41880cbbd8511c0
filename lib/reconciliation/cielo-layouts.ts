// Which reader a Cielo file needs, by its header's layout version (positions 071-073, the same
// place in every layout): "001", the older manual's fixed 250-character records (cielo-edi.ts),
// kept for archives imported late; "015", Extrato Eletrônico v15, all Cielo generates since June
// 2024 (cielo-edi-v15.ts). A header of another version is refused whole, naming what it says. A
// first line that is no Cielo header at all goes to the 001 reader, which says why as it always
// did. Pure.
import { cieloEdiParser, isCieloHeader } from "@/lib/reconciliation/cielo-edi";
import { type CieloV15Options, cieloEdiV15Parser, V15_LAYOUT_VERSION } from "@/lib/reconciliation/cielo-edi-v15";
import type { StatementParser } from "@/lib/reconciliation/statement-parser";

export const CIELO_LAYOUT_VERSIONS = ["001", V15_LAYOUT_VERSION] as const;

export function cieloStatementParser(options: CieloV15Options = {}): StatementParser {
  let reader: StatementParser | null = null;
  return {
    format: "cielo",
    line(text, number, sink) {
      if (number === 1) {
        const version = text.slice(70, 73);
        if (!isCieloHeader(text) || version === "001") reader = cieloEdiParser();
        else if (version === V15_LAYOUT_VERSION) reader = cieloEdiV15Parser(options);
        else {
          sink.fault({
            line: 1,
            field: "layoutVersion",
            message: `positions 071-073 are ${JSON.stringify(version)}: only layouts 001 and 015 (Extrato Eletrônico v15) are read`,
          });
          return;
        }
      }
      reader?.line(text, number, sink);
    },
    end(lines, sink) {
      if (reader) return reader.end(lines, sink);
      if (lines === 0) sink.fault({ line: 1, field: "file", message: "is empty" });
      return null;
    },
    preamble: () => reader?.preamble() ?? null,
  };
}
