// The API's view of a statement import (the OpenAPI document's ReconciliationImport).
import { z } from "zod";
import type { ReconciliationImport } from "@/generated/prisma/client";
import { ACQUIRER_NAMES } from "@/lib/events/event-values";
import { XID_PATTERN } from "@/lib/ids";
import type { ReconciliationSummary } from "@/lib/reconciliation/match-sql";
import { IMPORT_STATUSES, STATEMENT_FILE_TYPES, STATEMENT_FORMATS } from "@/lib/reconciliation/reconciliation-values";
import { isStale, STALE_REASON } from "@/lib/reconciliation/stale-imports";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD, the acquirer's calendar (America/Sao_Paulo)");
const count = z.int().nonnegative();

export const reconciliationSummarySchema = z.strictObject({
  sales: count.describe("Sales in the file (a plan's later installments are not sales)"),
  matched: count.describe("Sales matched to a payment that agrees in amount and status"),
  missingNotification: count,
  notificationWithoutSale: count,
  amountMismatch: count,
  statusMismatch: count,
});

export const importSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  acquirerName: z.enum(ACQUIRER_NAMES),
  format: z.enum(STATEMENT_FORMATS),
  fileType: z.enum(STATEMENT_FILE_TYPES).describe("sales (Cielo's extract option 03, every CSV) or payments (04)"),
  sequence: z.int().nullable().describe("The header's file sequence (Cielo: 9999999 for a recovered file); null for CSV"),
  periodStart: day.nullable(),
  periodEnd: day.nullable(),
  status: z
    .enum(IMPORT_STATUSES)
    .describe(
      "importing while the file (received whole first) is read and matched; done after; failed when it was interrupted " +
        "(the server or the database failed, or no progress for 5 minutes): nothing of it is kept, import the file again",
    ),
  failureReason: z.string().nullable().describe("Why a failed import failed; null otherwise"),
  progress: z
    .strictObject({ bytesRead: count, linesRead: count })
    .describe("How much of the file was read (updated every few seconds while importing, on a server database)"),
  summary: reconciliationSummarySchema.nullable().describe("null while importing"),
  createdAt: z.iso.datetime({ precision: 3 }),
  finishedAt: z.iso.datetime({ precision: 3 }).nullable(),
});

export type ImportDto = z.output<typeof importSchema>;

const dayOf = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export function toImportDto(row: ReconciliationImport): ImportDto {
  // One that stopped beating is failed at once, before the next import writes it so.
  const stale = isStale(row);
  return {
    id: row.id,
    acquirerName: row.acquirerName as ImportDto["acquirerName"],
    format: row.format as ImportDto["format"],
    fileType: row.fileType as ImportDto["fileType"],
    sequence: row.sequence,
    periodStart: dayOf(row.periodStart),
    periodEnd: dayOf(row.periodEnd),
    status: stale ? "failed" : (row.status as ImportDto["status"]),
    failureReason: stale ? STALE_REASON : row.failureReason,
    progress: { bytesRead: Number(row.bytesRead), linesRead: row.linesRead },
    summary: (row.summary as ReconciliationSummary | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
