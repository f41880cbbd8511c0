// The vocabulary of reconciliation: statement formats and file types, what a sale's status can
// be, the exceptions' kinds and states. Pure (the API's schemas, the OpenAPI document and a future
// dashboard page use it).

/** The statement formats the importer reads (lib/reconciliation/statement-formats.ts). */
export const STATEMENT_FORMATS = ["cielo", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** What a statement lists: the day's sales (Cielo's extract option 03, every CSV) or its payments (04). */
export const STATEMENT_FILE_TYPES = ["sales", "payments"] as const;
export type StatementFileType = (typeof STATEMENT_FILE_TYPES)[number];

/** A sale as the acquirer will settle it: approved, rejected at processing, or voided (a debit against it). */
export const SALE_STATUSES = ["approved", "rejected", "voided"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const EXCEPTION_KINDS = [
  "missing_notification",
  "notification_without_sale",
  "amount_mismatch",
  "status_mismatch",
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** How the console names each kind (the filter bar, the table, the import's summary). */
export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  missing_notification: "Missing notification",
  notification_without_sale: "Notification without sale",
  amount_mismatch: "Amount mismatch",
  status_mismatch: "Status mismatch",
};

export const EXCEPTION_STATUSES = ["open", "resolved"] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

/** failed: interrupted (the upload ended early, the server or database failed) or no progress for minutes. */
export const IMPORT_STATUSES = ["importing", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest statement a request may carry: read as a stream, never whole. */
export const MAX_STATEMENT_BYTES = 100 * 1024 * 1024;
