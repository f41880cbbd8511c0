// The reconciliation operations: statement imports (one POST carrying the file, the list, one by
// id) and the exceptions they found (the list, one by id, the resolution).
import "server-only";
import { changeByIdOperation, getByIdOperation, listOperation, locatedAnswers } from "@/lib/openapi/declaration-builders";
import type { OperationDeclaration } from "@/lib/openapi/operations";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { MAX_STATEMENT_BYTES } from "@/lib/reconciliation/reconciliation-values";
import { importStatementQuery, listExceptionsQuery, listImportsQuery } from "@/lib/reconciliation/schemas";

const TAG = "Reconciliation";

export const RECONCILIATION_TAG = {
  name: TAG,
  description:
    "Acquirers' statements (Cielo's EDI, our CSV) matched against the payments the notifications describe: what the " +
    "acquirer processed that we never heard about, and what does not match what it will settle.",
};

export const RECONCILIATION_OPERATIONS: OperationDeclaration[] = [
  {
    method: "post",
    path: "/v1/reconciliation/imports",
    operationId: "importStatement",
    rateLimit: "write",
    summary: "Import an acquirer's statement",
    description:
      "Admins and operators; audited (reconciliation_import.create). The body is the file itself, sent as text/plain " +
      "(or text/csv), up to 100 MiB (a larger one is a 413), received whole before it is read (one that stops " +
      "arriving, or arrives too slowly, is a 408): Cielo's Extrato Eletrônico (extract options 03 sales and 04 " +
      "payments) or our CSV statement, a UTF-8 byte order mark before its first line skipped (docs/api.md, " +
      "Reconciliation). Its sales are matched " +
      "against the payments of the acquirer's notifications and what does not match becomes exceptions " +
      "(GET /v1/reconciliation/exceptions?import_id=). A file with any bad line is refused whole (422 " +
      "statement_refused, each fault in errors with its line, field and message) and nothing is stored. The same file " +
      "again answers its first import (200) and adds nothing.",
    tag: TAG,
    auth: "bearer",
    query: importStatementQuery,
    body: {
      schema: "StatementFile",
      mediaTypes: ["text/plain", "text/csv"],
      maxBytes: MAX_STATEMENT_BYTES,
      description: "The statement file.",
    },
    success: locatedAnswers({
      200: { description: "This file was imported before: that import, unchanged.", body: "ReconciliationImport" },
      201: { description: "Imported and matched.", body: "ReconciliationImport" },
    }),
    problems: { 422: { codes: ["statement_refused"] } },
  },
  listOperation({
    path: "/v1/reconciliation/imports",
    operationId: "listStatementImports",
    summary: "List statement imports",
    description: "Staff roles that read; newest first by default.",
    tag: TAG,
    query: listImportsQuery,
    filters: {},
    page: { description: "A page of imports.", body: "ReconciliationImportPage" },
  }),
  getByIdOperation({
    path: "/v1/reconciliation/imports/{id}",
    operationId: "getStatementImport",
    summary: "Get a statement import",
    description: "Staff roles that read. While a large file is read, status is importing and progress says how far.",
    tag: TAG,
    found: { description: "The import.", body: "ReconciliationImport" },
  }),
  getByIdOperation({
    path: "/v1/reconciliation/imports/{id}/daily-counts",
    operationId: "getStatementImportDailyCounts",
    summary: "Count a statement import's matches and exceptions per merchant and day",
    description:
      "Staff roles that read. Per merchant and sale day: the sales matched (in amount and status), the exceptions " +
      "found and how many are still open; the first 500 merchant days by day, truncated says when there are more.",
    tag: TAG,
    found: { description: "The counts.", body: "ReconciliationDailyCounts" },
  }),
  listOperation({
    path: "/v1/reconciliation/exceptions",
    operationId: "listReconciliationExceptions",
    summary: "List reconciliation exceptions",
    description:
      "Every role that reads; a merchant account sees only its merchant's. Kinds: missing_notification (the acquirer " +
      "has the sale, no notification), notification_without_sale (an approved payment of the file's establishments " +
      "and period no sale matches), amount_mismatch, status_mismatch (approved on one side only). A late notification " +
      "of a missing sale resolves it by itself (resolvedBy system).",
    tag: TAG,
    query: listExceptionsQuery,
    filters: EXCEPTION_FILTER_TABLE,
    page: { description: "A page of exceptions.", body: "ReconciliationExceptionPage" },
  }),
  getByIdOperation({
    path: "/v1/reconciliation/exceptions/{id}",
    operationId: "getReconciliationException",
    summary: "Get a reconciliation exception",
    description: "Every role that reads; another merchant's is a 404.",
    tag: TAG,
    found: { description: "The exception.", body: "ReconciliationException" },
  }),
  getByIdOperation({
    path: "/v1/webhooks/events/{id}/reconciliation",
    operationId: "getEventReconciliation",
    summary: "Get an event's reconciliation state",
    description:
      "Every role that reads; another merchant's event is a 404. Whether the event's payment (any of its events " +
      "answers for it) was listed by an imported statement: matched (a sale agreeing in amount and status), exception " +
      "(an exception names it: an open one first, else the newest import's), or not_reconciled.",
    tag: TAG,
    found: { description: "The state.", body: "EventReconciliation" },
  }),
  getByIdOperation({
    path: "/v1/reconciliation/merchants/{id}",
    operationId: "getMerchantReconciliation",
    summary: "Get a merchant's reconciliation at a glance",
    description:
      "Every role that reads; a merchant account reaches only its own merchant (another is a 404). Its payments the " +
      "newest done imports matched, the exceptions they found, and its exceptions still open of any import.",
    tag: TAG,
    found: { description: "The counts.", body: "MerchantReconciliation" },
  }),
  changeByIdOperation({
    method: "post",
    path: "/v1/reconciliation/exceptions/{id}/resolve",
    operationId: "resolveReconciliationException",
    summary: "Resolve a reconciliation exception",
    description:
      "Admins and operators; audited (reconciliation_exception.resolve) with the note. Resolving one already resolved " +
      "answers it unchanged.",
    tag: TAG,
    body: { schema: "ResolveExceptionRequest" },
    success: { 200: { description: "The exception, resolved.", body: "ReconciliationException" } },
  }),
];
