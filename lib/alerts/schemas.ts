// The alerts API's query: its filters come from the filter table (state, kind, period), then paging.
import type { z } from "zod";
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { listQuerySchema } from "@/lib/paging/list-filter-table";

export const listAlertsQuery = listQuerySchema(ALERT_FILTER_TABLE);
export type ListAlertsQuery = z.infer<typeof listAlertsQuery>;
