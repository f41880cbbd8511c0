// How the console words an alert and where it links: the events behind it (the events list
// filtered by its subject, failure reason and time), the endpoint's page, or a statement's
// missing sales on the Reconciliation page. Pure.
import type { AlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_KIND_LABELS } from "@/lib/alerts/alert-kinds";
import type { EventFilters } from "@/lib/events/list/event-filters";
import { eventsLink, reconciliationLink, webhooksLink } from "@/lib/links/list-links";

const percent = (value: unknown) => (typeof value === "number" ? `${Math.round(value * 100)}%` : "?");

/** The merchants alerts are about, whose names the summaries show instead of their ids. */
export const alertMerchantIds = (alerts: AlertDto[]): string[] =>
  alerts.filter((alert) => alert.subject.type === "merchant").map((alert) => alert.subject.id);

/**
 * One line: what is wrong, with the rule's figures. A merchant is named by its name when
 * `merchantNames` knows it (the id only while the name loads, or for an unregistered merchant).
 */
export function alertSummary(alert: AlertDto, merchantNames?: ReadonlyMap<string, string>): string {
  const d = alert.details;
  const name = alert.subject.type === "merchant" ? merchantNames?.get(alert.subject.id) : undefined;
  const subject = `${alert.subject.type} ${name ?? alert.subject.id}`;
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
    case "reconciliation_missing":
      return `${d.missing} sales of ${d.acquirerName}'s statement for ${d.periodStart === d.periodEnd ? d.periodStart : `${d.periodStart} to ${d.periodEnd}`} have no notification (threshold ${d.threshold})`;
  }
}

export const alertKindLabel = (alert: AlertDto) => ALERT_KIND_LABELS[alert.kind];

/** The events page's filter that names an alert's subject. */
const SUBJECT_FILTER = {
  acquirer: "acquirer",
  merchant: "merchantId",
  terminal: "terminalId",
} as const satisfies Partial<Record<AlertDto["subject"]["type"], keyof EventFilters>>;

/** Where the events (or the endpoint) behind the alert are shown, and the link's words. */
export function alertLink(alert: AlertDto): { href: string; label: string } {
  const { type, id } = alert.subject;
  if (type === "endpoint") return { href: webhooksLink(), label: "Endpoints" };
  if (type === "queue") return { href: eventsLink({ status: ["pending"] }), label: "Pending events" };
  if (type === "import") {
    return {
      href: reconciliationLink({ import_id: id, kind: "missing_notification", status: "open" }),
      label: "Missing sales",
    };
  }
  const filters: Partial<EventFilters> =
    type in SUBJECT_FILTER ? { [SUBJECT_FILTER[type as keyof typeof SUBJECT_FILTER]]: id } : {};
  if (alert.kind === "failure_rate") {
    filters.status = ["failed"];
    if (alert.failureReason) filters.failureReason = alert.failureReason;
    if (typeof alert.details.windowStart === "string") filters.from = alert.details.windowStart;
    filters.to = alert.resolvedAt ?? alert.lastSeenAt;
  }
  return { href: eventsLink(filters), label: "Events" };
}
