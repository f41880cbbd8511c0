// The alerts list's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the OpenAPI words, docs/api.md's table, the page's URL state and the bar's labels and
// choices; the conditions are alert-filter-where.ts's, server-only): the state, the kind, the period.
import { ALERT_KIND_LABELS, ALERT_STATE_LABELS } from "@/lib/alerts/alert-kinds";
import { listFilter as filter, oneOfFilter } from "@/lib/paging/list-filter-table";
import { instantOrDay } from "@/lib/validation/created-at-range";

export const ALERT_FILTER_TABLE = [
  oneOfFilter({
    name: "state",
    label: "State",
    description: "open (holds, not acknowledged), acknowledged (holds, acknowledged) or resolved.",
    choices: ALERT_STATE_LABELS,
    control: { anyLabel: "Every state", width: "wide" },
  }),
  oneOfFilter({
    name: "kind",
    label: "Kind",
    choices: ALERT_KIND_LABELS,
    control: { anyLabel: "Every kind", width: "wide" },
  }),
  filter({
    name: "created_at[gte]",
    label: "Opened from",
    schema: instantOrDay,
    description: "Opened from this instant (ISO 8601 with offset) or the start of this UTC day (YYYY-MM-DD).",
  }),
  filter({
    name: "created_at[lt]",
    label: "Opened before",
    schema: instantOrDay,
    description: "Opened before this instant, or before the start of this UTC day.",
  }),
] as const;
