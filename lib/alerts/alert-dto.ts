// The API's view of an alert, and its schema (the OpenAPI document's Alert), also the `data` of
// the operational webhooks (alert.opened, alert.resolved).
import { z } from "zod";
import type { Alert } from "@/generated/prisma/client";
import { ALERT_KINDS, ALERT_MESSAGE_TYPES, ALERT_STATES, ALERT_SUBJECT_TYPES, type AlertState } from "@/lib/alerts/alert-kinds";
import { XID_PATTERN } from "@/lib/ids";

const instant = z.iso.datetime({ precision: 3 });

export const alertSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  subject: z
    .strictObject({ type: z.enum(ALERT_SUBJECT_TYPES), id: z.string() })
    .describe(
      "What the alert is about: an acquirer's name, a merchant, a terminal, an endpoint, or the queue (events or deliveries)",
    ),
  failureReason: z.string().nullable().describe("failure_rate: the failure reason whose rate rose; null otherwise"),
  merchantId: z
    .string()
    .nullable()
    .describe("The merchant whose alert it is (merchant accounts see only theirs); null for acquirers and queues"),
  details: z
    .record(z.string(), z.unknown())
    .describe("What the rule measured when it last saw the condition (rate and volume, the silence and its allowed length, ...)"),
  openedAt: instant,
  lastSeenAt: instant.describe("The last evaluation that found the condition holding"),
  resolvedAt: instant.nullable(),
  acknowledgedAt: instant.nullable(),
  acknowledgedBy: z.string().nullable().describe("The username that acknowledged it"),
});

export type AlertDto = z.output<typeof alertSchema>;

/** An operational webhook's body (alert-outbox.ts writes it): the Standard Webhooks shape around the alert. */
export const alertMessageSchema = z.strictObject({
  type: z.enum(ALERT_MESSAGE_TYPES),
  timestamp: instant.describe("When the alert changed"),
  data: alertSchema,
});

export function alertState(row: Pick<Alert, "resolvedAt" | "acknowledgedAt">): AlertState {
  if (row.resolvedAt) return "resolved";
  return row.acknowledgedAt ? "acknowledged" : "open";
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toAlertDto(row: Alert): AlertDto {
  return {
    id: row.id,
    kind: row.kind as AlertDto["kind"],
    state: alertState(row),
    subject: { type: row.subjectType as AlertDto["subject"]["type"], id: row.subjectId },
    failureReason: row.kind === "failure_rate" ? row.reason : null,
    merchantId: row.merchantId,
    details: (row.details ?? {}) as Record<string, unknown>,
    openedAt: row.openedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
  };
}

/** What the audit log keeps of an alert's change. */
export function alertAuditSnapshot(row: Alert) {
  return {
    kind: row.kind,
    subject: `${row.subjectType}:${row.subjectId}`,
    ...(row.reason ? { failureReason: row.reason } : {}),
    state: alertState(row),
  };
}
