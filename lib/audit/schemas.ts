// Query of GET /v1/audit-log, shared by the API, the dashboard and the OpenAPI document.
import { z } from "zod";
import { AUDIT_TARGET_TYPES } from "@/lib/audit/audit-actions";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";
import { instantOrDay } from "@/lib/validation/created-at-range";

export const auditLogQuery = z.strictObject({
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z.string().min(1).max(64).optional(),
  /** Who did it: a username, exact (for a refused sign-in, the name that was typed). */
  actor: z.string().min(1).max(64).optional(),
  // A period, as the events list takes it: an instant with offset, or a date (a UTC day).
  "created_at[gte]": instantOrDay.optional(),
  "created_at[lt]": instantOrDay.optional(),
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
