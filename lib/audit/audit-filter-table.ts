// The audit log's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the OpenAPI words, docs/api.md's table, the page's URL state and the bar's labels and
// choices; the conditions are audit-filter-where.ts's, server-only): target, actor, period, action.
import { z } from "zod";
import { AUDIT_TARGET_TYPES } from "@/lib/audit/audit-actions";
import { listFilter as filter } from "@/lib/paging/list-filter-table";
import { instantOrDay } from "@/lib/validation/created-at-range";

const ACTION = /^[a-z_]+\.[a-z_]+$/;

export const AUDIT_FILTER_TABLE = [
  filter({
    name: "targetType",
    label: "Target",
    schema: z.enum(AUDIT_TARGET_TYPES),
    description: "merchant, credential, user, webhook_endpoint, event (exports), event_retry_job or alert.",
    page: (text) => AUDIT_TARGET_TYPES.find((type) => type === text),
    // Its choices are the page's target-type labels (components/audit/audit-action-labels.ts).
    control: { anyLabel: "All targets", width: "medium" },
  }),
  filter({
    name: "targetId",
    label: "Target ID",
    schema: z.string().min(1).max(64),
    description: "The id of the merchant, credential, user or webhook endpoint (or the username typed at a refused sign-in).",
    page: (text) => (text.trim().length <= 64 ? text.trim() : undefined),
  }),
  filter({
    name: "actor",
    label: "Actor",
    // Who did it: a username, exact (for a refused sign-in, the name that was typed).
    schema: z.string().min(1).max(64),
    description: "Who did it: a username, exact.",
    page: (text) => (text.trim() && text.trim().length <= 64 ? text.trim() : undefined),
  }),
  // A period, as the events list takes it: an instant with offset, or a date (a UTC day).
  filter({
    name: "created_at[gte]",
    label: "From",
    schema: instantOrDay,
    description: "From this instant (ISO 8601 with offset) or the start of this UTC day (YYYY-MM-DD).",
    page: (text) => (instantOrDay.safeParse(text).success ? text : undefined),
  }),
  filter({
    name: "created_at[lt]",
    label: "Before",
    schema: instantOrDay,
    description: "Before this instant, or before the start of this UTC day.",
    page: (text) => (instantOrDay.safeParse(text).success ? text : undefined),
  }),
  filter({
    name: "action",
    label: "Action",
    schema: z.string().regex(ACTION, "must look like credential.update").max(64),
    description: "e.g. credential.update, user.sign_in_failed, webhook_endpoint.rotate_secret.",
    page: (text) => (ACTION.test(text) && text.length <= 64 ? text : undefined),
    // The actions and their labels: components/audit/audit-action-labels.ts.
    control: { anyLabel: "All actions", width: "wide" },
  }),
] as const;
