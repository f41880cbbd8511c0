// GET /v1/alerts: open and past alerts, newest first by default, filtered as alert-filter-table.ts
// declares; a merchant account sees only its merchant's (alerts.merchant_id).
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { toAlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { merchantWhere } from "@/lib/auth/tenant-scope";
import { db } from "@/lib/db/client";
import { type PageRead, tenantList } from "@/lib/paging/filtered-page";

export const listAlerts = tenantList("alerts", ALERT_FILTER_TABLE, {
  scope: merchantWhere,
  find: (read: PageRead<Prisma.AlertWhereInput>) => db().alert.findMany(read),
  present: toAlertDto,
});
