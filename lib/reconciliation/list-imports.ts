// GET /v1/reconciliation/imports: the statements imported, newest first by default (staff: an
// import spans every merchant of its establishments).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { db } from "@/lib/db/client";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { KeysetQuery, Page } from "@/lib/paging/keyset-page";
import { type ImportDto, toImportDto } from "@/lib/reconciliation/import-dto";

export function listImports(options: { caller: Caller; query: KeysetQuery }): Promise<Page<ImportDto>> {
  requirePermission(options.caller, "read");
  return filteredKeysetPage({
    list: "reconciliation-imports",
    // No filters: an empty table, and no conditions.
    table: [],
    where: {},
    query: options.query,
    find: (read: PageRead<Prisma.ReconciliationImportWhereInput>) => db().reconciliationImport.findMany(read),
    present: toImportDto,
  });
}
