// The reconciliation API's inputs: the import's query (the format), the lists' queries (from their
// filter tables, then paging) and the resolution's body. Shared by the routes and the OpenAPI document.
import { z } from "zod";
import { listQuerySchema } from "@/lib/paging/list-filter-table";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { STATEMENT_FORMATS } from "@/lib/reconciliation/reconciliation-values";

export const importStatementQuery = z.strictObject({
  format: z
    .enum(STATEMENT_FORMATS, { error: `must be one of ${STATEMENT_FORMATS.join(", ")}` })
    .optional()
    .describe("cielo (Cielo's EDI) or csv (our CSV statement); when absent, told from the file's first line"),
});

/** The imports list has no filter of its own: newest first, paged. */
export const listImportsQuery = listQuerySchema([] as const);

export const listExceptionsQuery = listQuerySchema(EXCEPTION_FILTER_TABLE);

export const resolveExceptionBody = z.strictObject({
  note: z.string().trim().min(1, "must say why").max(500).describe("Why it is resolved (kept with it and in the audit log)"),
});

/** The statement file itself: the body of POST /v1/reconciliation/imports. */
export const statementFileSchema = z
  .string()
  .describe(
    "The statement as the acquirer published it: Cielo's Extrato Eletrônico, layout 015 (v15: each record type of its " +
      "own length, 250 to 760 characters) or 001 (fixed-width 250-character lines), told by the header's version; or " +
      "our CSV statement (docs/api.md, Reconciliation). Up to 100 MiB, streamed.",
  );

export type ImportStatementQuery = z.infer<typeof importStatementQuery>;
