// The condition of each users filter on the list's Prisma where: the server's half of
// user-filter-table.ts (which ships to the browser), keyed by the same names.
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { FilterWhere } from "@/lib/paging/filtered-page";
import type { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";

export const USER_FILTER_WHERE = {
  // Prisma passes startsWith to LIKE unescaped: a "%", "_" or "\\" typed in the box is literal.
  search: (search) => ({ username: { startsWith: search.toLowerCase().replace(/[\\%_]/g, "\\$&") } }),
  merchantId: (merchantId) => ({ merchantId }),
} satisfies FilterWhere<typeof USER_FILTER_TABLE, Prisma.UserWhereInput>;
