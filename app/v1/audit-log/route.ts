// GET /v1/audit-log: who changed which merchant or credential, and how (admins only).
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { auditLogQuery } from "@/lib/audit/schemas";
import { listRoute } from "@/lib/http/resource-routes";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: listRoute(auditLogQuery, listAuditLog),
});
