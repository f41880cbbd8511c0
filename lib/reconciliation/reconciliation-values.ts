// The vocabulary of reconciliation: statement formats and file types, what a sale's status can
// be, the exceptions' kinds and states. Pure (the API's schemas, the OpenAPI document and a future
// dashboard page use it).
import { closedVocabulary } from "@/lib/vocabulary/closed-vocabulary";

/** The statement formats the importer reads (lib/reconciliation/statement-formats.ts). */
export const STATEMENT_FORMATS = ["cielo", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** What a statement lists: the day's sales (Cielo's extract option 03, every CSV) or its payments (04). */
export const STATEMENT_FILE_TYPES = ["sales", "payments"] as const;
export type StatementFileType = (typeof STATEMENT_FILE_TYPES)[number];

/** A sale as the acquirer will settle it: approved, rejected at processing, or voided (a debit against it). */
export const SALE_STATUSES = ["approved", "rejected", "voided"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The console names each kind in words (the filter bar, the table, the import's summary). */
export const { words: EXCEPTION_KINDS, labels: EXCEPTION_KIND_LABELS } = closedVocabulary([
  "missing_notification",
  "notification_without_sale",
  "amount_mismatch",
  "status_mismatch",
]);
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const { words: EXCEPTION_STATUSES, labels: EXCEPTION_STATUS_LABELS } = closedVocabulary(["open", "resolved"]);
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

/** failed: interrupted (the upload ended early, the server or database failed) or no progress for minutes. */
export const IMPORT_STATUSES = ["importing", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest statement a request may carry: read as a stream, never whole. */
export const MAX_STATEMENT_BYTES = 100 * 1024 * 1024;
