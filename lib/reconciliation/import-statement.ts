// POST /v1/reconciliation/imports: an acquirer's statement, received whole into a temporary file
// before the database is taken (spooled-statement.ts), then read from it as a stream (never whole),
// its sales written and matched in one transaction (lib/reconciliation/bulk-session.ts,
// match-sql.ts), refused whole when any line is wrong (422 listing each fault by line: nothing is
// stored), and imported once: the same file again (its sha256) answers the first import.
// Admins and operators; audited in the import's own transaction (an entry exactly when it is done).
// On a server its row is committed apart (its progress readable meanwhile): an import that fails
// after that is left failed with its reason, one whose process died is found stale
// (stale-imports.ts); neither keeps a sale or an exception, and the file may be imported again.
import "server-only";
import { isUtf8 } from "node:buffer";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { recordAuditEntrySql } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { ApiError, unprocessable } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { analyzeImportTables } from "@/lib/reconciliation/analyze-import-tables";
import { type BulkColumn, type BulkSession, type BulkValue, inBulkTransaction } from "@/lib/reconciliation/bulk-session";
import { type ImportDto, toImportDto } from "@/lib/reconciliation/import-dto";
import { identifierKey, matchKey } from "@/lib/reconciliation/match-keys";
import { matchImport } from "@/lib/reconciliation/match-sql";
import type { StatementFormat } from "@/lib/reconciliation/reconciliation-values";
import { spoolStatement } from "@/lib/reconciliation/spooled-statement";
import { failStaleImports, startHeartbeat } from "@/lib/reconciliation/stale-imports";
import { detectFormat, statementParser } from "@/lib/reconciliation/statement-formats";
import { readStatementLines } from "@/lib/reconciliation/statement-lines";
import type { StatementFault, StatementParser, StatementSale, StatementSummary } from "@/lib/reconciliation/statement-parser";
import { decodeUtf8SurrogateEscape } from "@/lib/validation/surrogate-escape";

/** Faults named in a refusal: the first ones are enough to fix a file; reading stops there. */
const MAX_FAULTS = 100;
/** Sales per write (one COPY on a server). */
const WRITE_BATCH = 5_000;
/** How often a large import's progress is written (on a server, where others can read it meanwhile). */
const PROGRESS_EVERY_MS = 2_000;

const SALE_COLUMNS: readonly BulkColumn[] = [
  { name: "import_id", type: "varchar" },
  { name: "line", type: "integer" },
  { name: "merchant_identifier", type: "varchar" },
  { name: "terminal_identifier", type: "varchar" },
  { name: "sale_date", type: "date" },
  { name: "sale_time", type: "varchar" },
  { name: "nsu", type: "varchar" },
  { name: "authorization_code", type: "varchar" },
  { name: "amount", type: "bigint" },
  { name: "installments", type: "integer" },
  { name: "card_last4", type: "varchar" },
  { name: "status", type: "varchar" },
  { name: "rejection_reason", type: "varchar" },
  { name: "mid_key", type: "varchar" },
  { name: "tid_key", type: "varchar" },
  { name: "nsu_key", type: "varchar" },
  { name: "code_key", type: "varchar" },
];

const saleRow = (importId: string, s: StatementSale): BulkValue[] => [
  importId,
  s.line,
  s.merchantIdentifier,
  s.terminalIdentifier,
  s.saleDate,
  s.saleTime,
  s.nsu,
  s.authorizationCode,
  s.amount,
  s.installments,
  s.cardLast4,
  s.status,
  s.rejectionReason,
  identifierKey(s.merchantIdentifier),
  identifierKey(s.terminalIdentifier),
  matchKey(s.nsu),
  matchKey(s.authorizationCode),
];

/** The same file was imported before: the transaction is rolled back and that import answered. */
class SameFile extends Error {
  constructor(readonly existingId: string) {
    super("the same file was imported before");
  }
}

export type ImportOutcome = { created: boolean; import: ImportDto };

export async function importStatement(options: {
  caller: Caller;
  body: AsyncIterable<Uint8Array>;
  format?: StatementFormat;
}): Promise<ImportOutcome> {
  const { caller } = options;
  requirePermission(caller, "reconciliation:write");
  const id = newId();
  const progress: ReadingState = { rowVisible: false, sha: undefined };
  // The whole upload first, then the database: a slow client must never hold a connection.
  const file = await spoolStatement(options.body);
  const stopHeartbeat = startHeartbeat(id);
  try {
    await failStaleImports();
    await inBulkTransaction((session) => readAndMatch({ ...options, body: file.chunks(), id, session, state: progress }));
  } catch (error) {
    // On a server the row was written apart (for its progress): the rollback did not remove it.
    if (progress.rowVisible) await settleFailed(id, error, progress.sha);
    const existing = await sameFileImport(error, progress.sha);
    if (!existing) throw error;
    return { created: false, import: toImportDto(existing) };
  } finally {
    stopHeartbeat();
    await file.remove();
  }
  // Committed: the planner's statistics of what it wrote (the embedded database has no autovacuum).
  await analyzeImportTables();
  const row = await db().reconciliationImport.findUniqueOrThrow({ where: { id } });
  return { created: true, import: toImportDto(row) };
}

/** Said of an import that failed for a reason of ours to tell nobody (a database or server failure, a dropped upload). */
const INTERRUPTED = "Interrupted: the upload ended early, or the server or the database failed; import the file again.";

/**
 * A failed import's row (visible apart, its sales and exceptions rolled back): removed when the
 * file was refused or was imported before (nothing happened), else kept as failed with why.
 */
async function settleFailed(id: string, error: unknown, sha: string | undefined): Promise<void> {
  const refusedOrSame = error instanceof SameFile || (error instanceof ApiError && error.status === 422);
  if (refusedOrSame || (await sameFileImport(error, sha))) {
    await db().reconciliationImport.deleteMany({ where: { id, status: "importing" } });
    return;
  }
  const reason = error instanceof ApiError ? error.message.slice(0, 200) : INTERRUPTED;
  await db()
    .reconciliationImport.updateMany({
      where: { id, status: "importing" },
      data: { status: "failed", failureReason: reason, finishedAt: new Date() },
    })
    .catch(() => {});
}

/** The import that holds the file, when the failure was that it was imported before (or concurrently). */
async function sameFileImport(error: unknown, sha: string | undefined) {
  const raced = isUniqueViolation(error) || (error as { code?: unknown })?.code === "23505";
  const id = error instanceof SameFile ? error.existingId : undefined;
  if (id) return db().reconciliationImport.findUnique({ where: { id } });
  return raced && sha ? db().reconciliationImport.findUnique({ where: { fileSha256: sha } }) : null;
}

/** What the reading tells its caller even when it fails: whether its row is visible apart, the file's sha256. */
type ReadingState = { rowVisible: boolean; sha: string | undefined };

type Reading = {
  caller: Caller;
  body: AsyncIterable<Uint8Array>;
  format?: StatementFormat;
  id: string;
  session: BulkSession;
  state: ReadingState;
};

async function readAndMatch(reading: Reading): Promise<void> {
  const { id, session, caller } = reading;
  const lines = readStatementLines(reading.body);
  const faults: StatementFault[] = [];
  let sales = 0;
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  let batch: BulkValue[][] = [];
  const sink = {
    sale(sale: StatementSale) {
      sales++;
      if (firstDay === null || sale.saleDate < firstDay) firstDay = sale.saleDate;
      if (lastDay === null || sale.saleDate > lastDay) lastDay = sale.saleDate;
      if (faults.length === 0) batch.push(saleRow(id, sale));
    },
    fault(f: StatementFault) {
      faults.push(f);
    },
  };
  const flush = async () => {
    if (faults.length > 0 || batch.length === 0) return;
    const rows = batch;
    batch = [];
    await session.writeRows("reconciliation_sales", SALE_COLUMNS, rows);
  };

  let parser: StatementParser | undefined;
  let lineCount = 0;
  let rowWritten = false;
  let progressAt = Date.now();
  const writeRow = async () => {
    const preamble = parser?.preamble();
    if (rowWritten || faults.length > 0 || !parser || !preamble) return;
    rowWritten = true;
    const values = [id, preamble.acquirerName, parser.format, preamble.fileType, caller.username];
    const insert = `INSERT INTO reconciliation_imports (id, acquirer_name, format, file_type, created_by, created_at)
      VALUES ($1, $2, $3, $4, $5, now())`;
    // On a server the row is committed apart, so that its progress can be read while the file is.
    if (session.concurrent) {
      await db().$executeRawUnsafe(insert, ...values);
      reading.state.rowVisible = true;
    } else await session.query(insert, values);
  };

  for await (const line of lines.lines) {
    lineCount = line.number;
    if (!parser) {
      const format = reading.format ?? detectFormat(line.bytes.toString("latin1"));
      if (!format) {
        faults.push({ line: 1, field: "format", message: "is neither a Cielo EDI header nor the CSV statement's header" });
        break;
      }
      parser = statementParser(format);
    }
    if (line.tooLong) sink.fault({ line: line.number, field: "line", message: "is longer than 64 KiB" });
    else parser.line(decodeLine(parser.format, line.bytes), line.number, sink);
    if (faults.length >= MAX_FAULTS) break;
    if (!rowWritten) await writeRow();
    if (batch.length >= WRITE_BATCH) await flush();
    if (session.concurrent && rowWritten && Date.now() - progressAt >= PROGRESS_EVERY_MS) {
      progressAt = Date.now();
      await db().reconciliationImport.update({
        where: { id },
        data: { bytesRead: lines.bytesRead(), linesRead: lineCount, progressAt: new Date() },
      });
    }
  }
  if (!parser && faults.length === 0) sink.fault({ line: 1, field: "file", message: "is empty" });
  const summary: StatementSummary | null = parser ? parser.end(lineCount, sink) : null;
  if (faults.length > 0 || !summary || !parser) throw refused(faults);
  await writeRow();
  await flush();

  const sha = lines.sha256();
  reading.state.sha = sha;
  const [same] = await session.query("SELECT id FROM reconciliation_imports WHERE file_sha256 = $1", [sha]);
  if (same) throw new SameFile(String(same.id));

  const periodStart = summary.periodStart ?? firstDay;
  const periodEnd = summary.periodEnd ?? lastDay;
  const now = new Date();
  const { summary: result, matchedByMerchant } =
    periodStart && periodEnd
      ? await matchImport(session, {
          importId: id,
          acquirerName: summary.acquirerName,
          fileType: summary.fileType,
          sales,
          establishmentKeys: [...new Set(summary.establishments.map(identifierKey))],
          periodStart,
          periodEnd,
          firstDay: [periodStart, firstDay ?? periodStart].sort()[0]!,
          lastDay: [periodEnd, lastDay ?? periodEnd].sort()[1]!,
          now,
        })
      : {
          summary: {
            sales: 0,
            matched: 0,
            missingNotification: 0,
            notificationWithoutSale: 0,
            amountMismatch: 0,
            statusMismatch: 0,
          },
          matchedByMerchant: {},
        };
  await session.query(
    `UPDATE reconciliation_imports SET status = 'done', file_sha256 = $2, summary = $3::jsonb, sequence = $4, establishment = $5,
       period_start = $6::date, period_end = $7::date, bytes_read = $8, lines_read = $9, finished_at = now(),
       matched_by_merchant = $10::jsonb
     WHERE id = $1`,
    [
      id,
      sha,
      JSON.stringify(result),
      summary.sequence,
      summary.establishment,
      periodStart,
      periodEnd,
      lines.bytesRead(),
      lineCount,
      JSON.stringify(matchedByMerchant),
    ],
  );
  await recordAuditEntrySql(session.query, {
    caller,
    action: "reconciliation_import.create",
    targetId: id,
    after: { acquirerName: summary.acquirerName, format: parser.format, fileType: summary.fileType, summary: result },
  });
}

/** A Cielo file is single-byte text (its positions are bytes); ours is UTF-8, bytes that are not refused by the parser. */
function decodeLine(format: StatementFormat, bytes: Buffer): string {
  if (format === "cielo") return bytes.toString("latin1");
  return isUtf8(bytes) ? bytes.toString("utf8") : decodeUtf8SurrogateEscape(bytes);
}

function refused(faults: StatementFault[]) {
  const named = faults.slice(0, MAX_FAULTS);
  const more = faults.length >= MAX_FAULTS ? ` (the first ${MAX_FAULTS}; reading stopped there)` : "";
  return unprocessable(
    "statement_refused",
    `The statement was refused whole, nothing of it is stored: ${named.length} fault${named.length === 1 ? "" : "s"}${more}.`,
    named.map((f) => ({ line: f.line, field: f.field, message: f.message })),
  );
}
