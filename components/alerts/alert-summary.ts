// How the console words an alert and where it links: the events behind it (the events list
// filtered by its subject, failure reason and time), or the endpoint's page. Pure.
import type { AlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_KIND_LABELS } from "@/lib/alerts/alert-kinds";

const percent = (value: unknown) => (typeof value === "number" ? `${Math.round(value * 100)}%` : "?");

/** One line: what is wrong, with the rule's figures. */
export function alertSummary(alert: AlertDto): string {
  const d = alert.details;
  const subject = `${alert.subject.type} ${alert.subject.id}`;
  switch (alert.kind) {
    case "failure_rate":
      return `${percent(d.rate)} of ${subject}'s ${d.total} events failed with ${alert.failureReason} in ${d.windowMinutes} min (threshold ${percent(d.threshold)})`;
    case "silence":
      return `${subject} has sent nothing since ${d.lastSeenAt ?? "over a day"} (about ${d.expectedEvents} events expected by now)`;
    case "endpoint_failing":
      return `Endpoint ${alert.subject.id} has failed every attempt since ${d.failingSince}`;
    case "endpoint_disabled":
      return `Endpoint ${alert.subject.id} was disabled: ${d.disabledReason}`;
    case "queue_stalled":
      return `The oldest pending ${alert.subject.id === "events" ? "event" : "delivery"} has waited ${d.ageSeconds} s`;
  }
}

export const alertKindLabel = (alert: AlertDto) => ALERT_KIND_LABELS[alert.kind];

const SUBJECT_FILTER: Partial<Record<AlertDto["subject"]["type"], string>> = {
  acquirer: "acquirer",
  merchant: "merchantId",
  terminal: "terminalId",
};

/** Where the events (or the endpoint) behind the alert are shown, and the link's words. */
export function alertLink(alert: AlertDto): { href: string; label: string } {
  if (alert.subject.type === "endpoint") return { href: "/webhooks", label: "Endpoints" };
  if (alert.subject.type === "queue") return { href: "/events?status=pending", label: "Pending events" };
  const params = new URLSearchParams();
  const field = SUBJECT_FILTER[alert.subject.type];
  if (field) params.set(field, alert.subject.id);
  if (alert.kind === "failure_rate") {
    params.set("status", "failed");
    if (alert.failureReason) params.set("failureReason", alert.failureReason);
    if (typeof alert.details.windowStart === "string") params.set("from", alert.details.windowStart);
    params.set("to", alert.resolvedAt ?? alert.lastSeenAt);
  }
  return { href: `/events?${params}`, label: "Events" };
}
