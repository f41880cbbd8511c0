// Every action the audit trail records, each with the kind of object it names (its target), said
// once: the writer derives an entry's target type from its action, and the audit log's query and
// the dashboard's filters take the target types from here. Pure (the dashboard ships it).

export const AUDIT_TARGET_TYPES = [
  "merchant",
  "credential",
  "user",
  "event",
  "event_retry_job",
  "webhook_endpoint",
  "alert",
  "reconciliation_import",
  "reconciliation_exception",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTIONS = {
  "merchant.create": "merchant",
  "merchant.update": "merchant",
  "credential.create": "credential",
  "credential.update": "credential",
  "user.create": "user",
  "user.update": "user",
  "user.password_reset": "user",
  "user.password_change": "user",
  "user.sign_in": "user",
  "user.sign_in_failed": "user",
  "event.export": "event",
  "event.retry": "event",
  "event.bulk_retry": "event_retry_job",
  "webhook_endpoint.create": "webhook_endpoint",
  "webhook_endpoint.update": "webhook_endpoint",
  "webhook_endpoint.rotate_secret": "webhook_endpoint",
  "webhook_endpoint.disable": "webhook_endpoint",
  "webhook_endpoint.circuit_open": "webhook_endpoint",
  "webhook_endpoint.circuit_close": "webhook_endpoint",
  "webhook_endpoint.delete": "webhook_endpoint",
  "webhook_endpoint.recover": "webhook_endpoint",
  "webhook_endpoint.test": "webhook_endpoint",
  // A delivery's actions name its endpoint; the entry holds the delivery and its event.
  "webhook_delivery.resend": "webhook_endpoint",
  "webhook_delivery.retry_now": "webhook_endpoint",
  // A portal session names the merchant whose portal it opens.
  "portal_session.create": "merchant",
  "portal_session.revoke": "merchant",
  // Alerts (lib/alerts): opened and resolved by the system, acknowledged by a person.
  "alert.open": "alert",
  "alert.resolve": "alert",
  "alert.acknowledge": "alert",
  // Reconciliation (lib/reconciliation): a statement imported, an exception resolved by a person.
  "reconciliation_import.create": "reconciliation_import",
  "reconciliation_exception.resolve": "reconciliation_exception",
} as const satisfies Record<string, AuditTargetType>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
