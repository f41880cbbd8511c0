// GET /v1/reconciliation/exceptions/{id}: one exception; another merchant's is not found (404).
import "server-only";
import type { Caller } from "@/lib/access/roles";
import { merchantWhere, tenantScope } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { XID_PATTERN } from "@/lib/ids";
import { type ExceptionDto, toExceptionDto } from "@/lib/reconciliation/exception-dto";

export async function getException(options: { caller: Caller; id: string }): Promise<ExceptionDto> {
  const scope = tenantScope(options.caller, "read");
  const { id } = options;
  const row = XID_PATTERN.test(id)
    ? await db().reconciliationException.findFirst({ where: { id, ...merchantWhere(scope) } })
    : null;
  if (!row) throw notFound("No reconciliation exception has this id.");
  return toExceptionDto(row);
}
