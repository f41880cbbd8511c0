// What an alert can be about, said once (pure: the API's schemas, the filter table and the
// dashboard read it). docs/operations.md, "Alerts", explains each rule.
import { closedVocabulary } from "@/lib/vocabulary/closed-vocabulary";

/** The console names each kind in words, but reconciliation_missing by what is missing. */
export const { words: ALERT_KINDS, labels: ALERT_KIND_LABELS } = closedVocabulary(
  ["failure_rate", "silence", "endpoint_failing", "endpoint_disabled", "queue_stalled", "reconciliation_missing"],
  { reconciliation_missing: "Missing notifications" },
);
export type AlertKind = (typeof ALERT_KINDS)[number];

/** open: the condition holds, nobody acknowledged it; acknowledged: holds, someone is on it; resolved: no longer holds. */
export const { words: ALERT_STATES, labels: ALERT_STATE_LABELS } = closedVocabulary(["open", "acknowledged", "resolved"]);
export type AlertState = (typeof ALERT_STATES)[number];

/** import: an acquirer's statement (lib/reconciliation/), by its id. */
export const ALERT_SUBJECT_TYPES = ["acquirer", "merchant", "terminal", "endpoint", "queue", "import"] as const;
export type AlertSubjectType = (typeof ALERT_SUBJECT_TYPES)[number];

/** The operational webhooks' types: an endpoint that lists one receives that change of alerts. */
export const ALERT_MESSAGE_TYPES = ["alert.opened", "alert.resolved"] as const;
export type AlertMessageType = (typeof ALERT_MESSAGE_TYPES)[number];
