// The audit log's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the where, the OpenAPI words, the page's URL state and the bar's choices): target,
// actor, period, action.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { AUDIT_TARGET_TYPES } from "@/lib/audit/audit-actions";
import { filterOf } from "@/lib/paging/list-filter-table";
import { instantOrDay } from "@/lib/validation/created-at-range";

const filter = filterOf<Prisma.AuditLogEntryWhereInput>();
const ACTION = /^[a-z_]+\.[a-z_]+$/;

export const AUDIT_FILTER_TABLE = [
  filter({
    name: "targetType",
    schema: z.enum(AUDIT_TARGET_TYPES),
    where: (targetType) => ({ targetType }),
    description: "merchant, credential, user, webhook_endpoint, event (exports), event_retry_job or alert.",
    page: (text) => AUDIT_TARGET_TYPES.find((type) => type === text),
    // Its choices are the page's target-type labels (components/audit/audit-action-labels.ts).
    control: { label: "Target", anyLabel: "All targets", width: "medium" },
  }),
  filter({
    name: "targetId",
    schema: z.string().min(1).max(64),
    where: (targetId) => ({ targetId }),
    description: "The id of the merchant, credential, user or webhook endpoint (or the username typed at a refused sign-in).",
    page: (text) => (text.trim().length <= 64 ? text.trim() : undefined),
  }),
  filter({
    name: "actor",
    // Who did it: a username, exact (for a refused sign-in, the name that was typed).
    schema: z.string().min(1).max(64),
    where: (actorUsername) => ({ actorUsername }),
    description: "Who did it: a username, exact.",
    page: (text) => (text.trim() && text.trim().length <= 64 ? text.trim() : undefined),
  }),
  // A period, as the events list takes it: an instant with offset, or a date (a UTC day).
  filter({
    name: "created_at[gte]",
    schema: instantOrDay,
    where: "period",
    description: "From this instant (ISO 8601 with offset) or the start of this UTC day (YYYY-MM-DD).",
    page: (text) => (instantOrDay.safeParse(text).success ? text : undefined),
  }),
  filter({
    name: "created_at[lt]",
    schema: instantOrDay,
    where: "period",
    description: "Before this instant, or before the start of this UTC day.",
    page: (text) => (instantOrDay.safeParse(text).success ? text : undefined),
  }),
  filter({
    name: "action",
    schema: z.string().regex(ACTION, "must look like credential.update").max(64),
    where: (action) => ({ action }),
    description: "e.g. credential.update, user.sign_in_failed, webhook_endpoint.rotate_secret.",
    page: (text) => (ACTION.test(text) && text.length <= 64 ? text : undefined),
    // The actions and their labels: components/audit/audit-action-labels.ts.
    control: { label: "Action", anyLabel: "All actions", width: "wide" },
  }),
] as const;
