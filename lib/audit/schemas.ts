// Query of GET /v1/audit-log, shared by the API, the dashboard and the OpenAPI document.
import { z } from "zod";
import { cursorParam, limitParam, sortParam } from "@/lib/http/page-params";

export const auditLogQuery = z.strictObject({
  targetType: z.enum(["merchant", "credential", "user", "webhook_endpoint"]).optional(),
  targetId: z.string().min(1).max(64).optional(),
  action: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, "must look like credential.update")
    .max(64)
    .optional(),
  limit: limitParam,
  cursor: cursorParam,
  sort: sortParam,
});

export type AuditLogQuery = z.infer<typeof auditLogQuery>;
