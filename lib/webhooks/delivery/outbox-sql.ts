// How a webhook delivery is queued: the outbox, as a SQL fragment that the statements deciding
// events (lib/events/process/decision-sql.ts) embed, so the deliveries commit with the decision and none
// is lost between the two. The delivery worker (delivery-worker.ts) drains what it writes.

/**
 * The INSERT of the outbox for the decided events of the CTE `decided` (id, created_at, type,
 * status, credential_id, trace_parent): one pending delivery, due now, per enabled endpoint of
 * the credential's merchant that takes the event's type, for each processed event. Each delivery
 * keeps the event's trace context, so its attempts join the notification's trace. An event already queued to an
 * endpoint is not queued twice. Returns endpoint_id. For a CTE: `deliveries AS (${...})`.
 */
export function queueDeliveries(decided: string): string {
  return `
  INSERT INTO webhook_deliveries (id, event_id, event_created_at, endpoint_id, status, next_attempt_at, created_at, updated_at, trace_parent)
  SELECT substr(md5(d.id || w.id || clock_timestamp()::text || random()::text), 1, 20), d.id, d.created_at, w.id, 'pending',
         clock_timestamp(), clock_timestamp(), clock_timestamp(), d.trace_parent
  FROM ${decided} d
  JOIN credentials cr ON cr.id = d.credential_id
  JOIN webhook_endpoints w ON w.merchant_id = cr.merchant_id AND w.enabled
    AND (cardinality(w.event_types) = 0 OR d.type = ANY (w.event_types))
  WHERE d.status = 'processed'
  ON CONFLICT (event_id, endpoint_id, event_created_at) DO NOTHING
  RETURNING endpoint_id
`;
}
