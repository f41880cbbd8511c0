// GET /v1/audit-log: who changed which merchant or credential, and how (admins only).
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { auditLogQuery } from "@/lib/audit/schemas";
import { readQuery } from "@/lib/http/query";
import { authedRoute, json, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: authedRoute(async ({ request, caller }) => {
    const query = readQuery(request, auditLogQuery);
    return json(await listAuditLog({ caller, query }));
  }),
});
