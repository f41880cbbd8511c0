// Query of GET /v1/audit-log, shared by the API, the dashboard and the OpenAPI document: its
// filters come from the filter table (audit-filter-table.ts).
import type { z } from "zod";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { listQuerySchema } from "@/lib/paging/list-filter-table";

export const auditLogQuery = listQuerySchema(AUDIT_FILTER_TABLE);

export type AuditLogQuery = z.infer<typeof auditLogQuery>;
