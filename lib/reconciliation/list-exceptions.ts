// GET /v1/reconciliation/exceptions: what did not match, newest first by default, filtered as
// exception-filter-table.ts declares (exception-filter-where.ts's conditions); a merchant account sees only its merchant's.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { merchantWhere } from "@/lib/access/tenant-scope";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";
import { toExceptionDto } from "@/lib/reconciliation/exception-dto";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { EXCEPTION_FILTER_WHERE } from "@/lib/reconciliation/exception-filter-where";

export const listExceptions = tenantList("reconciliation-exceptions", EXCEPTION_FILTER_TABLE, {
  where: EXCEPTION_FILTER_WHERE,
  scope: merchantWhere,
  find: (read: PageRead<Prisma.ReconciliationExceptionWhereInput>) => db().reconciliationException.findMany(read),
  present: toExceptionDto,
});
