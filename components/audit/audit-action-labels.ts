// How the audit log page names each action, and the tone of its badge; typed by the actions
// table (lib/audit/audit-actions.ts), so a new action without a label does not compile.
import type { AuditAction, AuditTargetType } from "@/lib/audit/audit-actions";

/** A target type in words ("Event retry job", never `event_retry_job`), singular. */
export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  merchant: "Merchant",
  credential: "Credential",
  user: "User",
  event: "Event",
  event_retry_job: "Event retry job",
  webhook_endpoint: "Webhook endpoint",
  alert: "Alert",
  reconciliation_import: "Reconciliation import",
  reconciliation_exception: "Reconciliation exception",
};

/**
 * What an entry whose recorded fields did not change says instead of "No field changed": a
 * password is never recorded (not even hashed), so its change shows no field.
 */
export const UNRECORDED_CHANGES: Partial<Record<AuditAction, string>> = {
  "user.password_change": "Changed their password; every session of the account ended",
  "user.password_reset": "Password reset; every session of the account ended",
};

export const ACTION_LABELS: Record<AuditAction, { label: string; tone: "success" | "accent" | "neutral" }> = {
  "merchant.create": { label: "Merchant registered", tone: "success" },
  "merchant.update": { label: "Merchant changed", tone: "accent" },
  "credential.create": { label: "Credential created", tone: "success" },
  "credential.update": { label: "Credential changed", tone: "accent" },
  "user.create": { label: "User created", tone: "success" },
  "user.update": { label: "User changed", tone: "accent" },
  "user.password_reset": { label: "Password reset", tone: "accent" },
  "user.password_change": { label: "Password changed", tone: "accent" },
  "user.sign_in": { label: "Signed in", tone: "neutral" },
  "user.sign_in_failed": { label: "Sign-in refused", tone: "neutral" },
  "event.export": { label: "Events exported", tone: "neutral" },
  "event.retry": { label: "Event retried", tone: "accent" },
  "event.bulk_retry": { label: "Failed events retried", tone: "accent" },
  "webhook_endpoint.create": { label: "Endpoint created", tone: "success" },
  "webhook_endpoint.update": { label: "Endpoint changed", tone: "accent" },
  "webhook_endpoint.rotate_secret": { label: "Endpoint secret rotated", tone: "accent" },
  "webhook_endpoint.disable": { label: "Endpoint disabled", tone: "accent" },
  "webhook_endpoint.circuit_open": { label: "Endpoint paused (circuit open)", tone: "accent" },
  "webhook_endpoint.circuit_close": { label: "Endpoint resumed (circuit closed)", tone: "accent" },
  "webhook_endpoint.delete": { label: "Endpoint deleted", tone: "accent" },
  "webhook_endpoint.recover": { label: "Failed deliveries recovered", tone: "accent" },
  "webhook_endpoint.test": { label: "Test webhook sent", tone: "neutral" },
  "webhook_delivery.resend": { label: "Delivery resent", tone: "accent" },
  "webhook_delivery.retry_now": { label: "Delivery retried now", tone: "accent" },
  "portal_session.create": { label: "Portal link opened", tone: "neutral" },
  "portal_session.revoke": { label: "Portal session revoked", tone: "accent" },
  "alert.open": { label: "Alert opened", tone: "accent" },
  "alert.resolve": { label: "Alert resolved", tone: "success" },
  "alert.acknowledge": { label: "Alert acknowledged", tone: "neutral" },
  "reconciliation_import.create": { label: "Statement imported", tone: "success" },
  "reconciliation_exception.resolve": { label: "Reconciliation exception resolved", tone: "accent" },
};
