// GET /v1/alerts: open and past alerts, newest first by default, filtered as alert-filter-table.ts
// declares (alert-filter-where.ts's conditions); a merchant account sees only its merchant's (alerts.merchant_id).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { merchantWhere } from "@/lib/access/tenant-scope";
import { toAlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { ALERT_FILTER_WHERE } from "@/lib/alerts/alert-filter-where";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";

export const listAlerts = tenantList("alerts", ALERT_FILTER_TABLE, {
  where: ALERT_FILTER_WHERE,
  scope: merchantWhere,
  find: (read: PageRead<Prisma.AlertWhereInput>) => db().alert.findMany(read),
  present: toAlertDto,
});
