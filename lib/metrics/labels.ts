// Label values are bounded: only the values the code knows, anything else "other". A label
// holding an id, a username or a merchant would make one time series per value (Prometheus
// keeps each in memory), so none is ever a label.
import { ACQUIRER_NAMES, FAILURE_REASONS } from "@/lib/events/event-values";
import type { ErrorClass } from "@/lib/webhooks/egress/send-webhook";

const ACQUIRERS: ReadonlySet<string> = new Set(ACQUIRER_NAMES);
const FAILURE_REASON_LABELS: ReadonlySet<string> = new Set(FAILURE_REASONS);
const ERROR_CLASSES: ReadonlySet<string> = new Set<ErrorClass>([
  "timeout",
  "dns",
  "tls",
  "connection_refused",
  "connection_error",
  "protocol_error",
  "non_2xx",
  "address_refused",
]);

export function acquirerLabel(name: unknown): string {
  return typeof name === "string" && ACQUIRERS.has(name) ? name : "other";
}

/** "none" for a processed event. */
export function failureReasonLabel(reason: unknown): string {
  if (reason === null || reason === undefined) return "none";
  return typeof reason === "string" && FAILURE_REASON_LABELS.has(reason) ? reason : "other";
}

/** "none" for a successful attempt. */
export function errorClassLabel(errorClass: unknown): string {
  if (errorClass === null || errorClass === undefined) return "none";
  return typeof errorClass === "string" && ERROR_CLASSES.has(errorClass) ? errorClass : "other";
}

export function statusLabel(status: unknown): string {
  return status === "processed" || status === "failed" || status === "pending" ? status : "other";
}
