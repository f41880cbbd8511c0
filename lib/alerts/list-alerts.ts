// GET /v1/alerts: open and past alerts, newest first by default, filtered as alert-filter-table.ts
// declares; a merchant account sees only its merchant's (alerts.merchant_id).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type AlertDto, toAlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import type { ListAlertsQuery } from "@/lib/alerts/schemas";
import type { Caller } from "@/lib/auth/roles";
import { merchantWhere, scopeBinding, tenantScope } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { filteredKeysetPage, type PageRead } from "@/lib/paging/filtered-page";
import type { Page } from "@/lib/paging/keyset-page";

export async function listAlerts(options: { caller: Caller; query: ListAlertsQuery }): Promise<Page<AlertDto>> {
  const scope = tenantScope(options.caller, "read");
  const find = (read: PageRead<Prisma.AlertWhereInput>) => db().alert.findMany(read);
  return filteredKeysetPage({
    list: "alerts",
    table: ALERT_FILTER_TABLE,
    query: options.query,
    scope: merchantWhere(scope),
    scopeBinding: scopeBinding(scope),
    find,
    present: toAlertDto,
  });
}
