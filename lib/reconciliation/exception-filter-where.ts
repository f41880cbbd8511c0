// The condition of each reconciliation exceptions filter on the list's Prisma where: the server's
// half of exception-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { FilterWhere } from "@/lib/paging/filtered-page";
import type { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";

export const EXCEPTION_FILTER_WHERE = {
  import_id: (importId) => ({ importId }),
  kind: (kind) => ({ kind }),
  merchant_id: (merchantId) => ({ merchantId }),
  status: (status) => ({ status }),
} satisfies FilterWhere<typeof EXCEPTION_FILTER_TABLE, Prisma.ReconciliationExceptionWhereInput>;
