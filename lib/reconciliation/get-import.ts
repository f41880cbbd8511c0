// GET /v1/reconciliation/imports/{id}: one import, with its progress while it is read (staff).
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type ImportDto, toImportDto } from "@/lib/reconciliation/import-dto";

export async function getImport(options: { caller: Caller; id: string }): Promise<ImportDto> {
  requirePermission(options.caller, "read");
  const row = XID_PATTERN.test(options.id) ? await db().reconciliationImport.findUnique({ where: { id: options.id } }) : null;
  if (!row) throw notFound("No reconciliation import has this id.");
  return toImportDto(row);
}
