// The alerts list's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the OpenAPI words, docs/api.md's table, the page's URL state and the bar's labels and
// choices; the conditions are alert-filter-where.ts's, server-only): the state, the kind, the period.
import { z } from "zod";
import { ALERT_KIND_LABELS, ALERT_KINDS, ALERT_STATES, type AlertState } from "@/lib/alerts/alert-kinds";
import { listFilter as filter } from "@/lib/paging/list-filter-table";
import { instantOrDay } from "@/lib/validation/created-at-range";

const STATE_LABELS: Record<AlertState, string> = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" };
const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });

export const ALERT_FILTER_TABLE = [
  filter({
    name: "state",
    label: "State",
    schema: oneOf(ALERT_STATES),
    description: "open (holds, not acknowledged), acknowledged (holds, acknowledged) or resolved.",
    page: (text) => ((ALERT_STATES as readonly string[]).includes(text) ? text : undefined),
    control: {
      anyLabel: "Every state",
      options: ALERT_STATES.map((state) => [state, STATE_LABELS[state]] as const),
      width: "wide",
    },
  }),
  filter({
    name: "kind",
    label: "Kind",
    schema: oneOf(ALERT_KINDS),
    description: `One of ${ALERT_KINDS.join(", ")}.`,
    page: (text) => ((ALERT_KINDS as readonly string[]).includes(text) ? text : undefined),
    control: {
      anyLabel: "Every kind",
      options: ALERT_KINDS.map((kind) => [kind, ALERT_KIND_LABELS[kind]] as const),
      width: "wide",
    },
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
