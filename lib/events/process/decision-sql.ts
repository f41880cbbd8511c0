// What processing decides for an event, and how the decision is recorded, as SQL fragments
// shared by the two statements that decide: the worker's UPDATE of pending events
// (process-events.ts) and the batch ingestion's INSERT (lib/events/ingest/ingest-batch.ts), which decides each
// notification as it stores it. One rule, written once: an event is `processed` when an enabled
// credential matches its acquirer, MID and TID (ecommerce providers: acquirer and MID), else
// `failed` with a reason; an event whose values did not add up at ingestion (data_problem) fails
// with that problem. How a processed event's webhook deliveries are queued is the webhooks
// wing's fragment (lib/webhooks/delivery/outbox-sql.ts), written by the same statement.
import { queueDeliveries } from "@/lib/webhooks/delivery/outbox-sql";

/**
 * One look at the credentials for the event row `ev` (columns acquirer_name, mid, tid): the
 * oldest enabled match (credential_id) and whether any credential, even a disabled one, holds
 * the account (any_credential), the oldest disabled one (disabled_credential_id: the attempt of a
 * credential_disabled failure names it, so the operator is one click from enabling it), and the
 * match's merchant (credential_merchant_id: the event's owner, decision().owner). For a CROSS JOIN LATERAL.
 */
function credentialMatch(ev: string): string {
  return `(
    SELECT (array_agg(cr.id ORDER BY cr.created_at) FILTER (WHERE cr.enabled))[1] AS credential_id,
      count(*) > 0 AS any_credential,
      (array_agg(cr.id ORDER BY cr.created_at) FILTER (WHERE NOT cr.enabled))[1] AS disabled_credential_id,
      (array_agg(cr.merchant_id ORDER BY cr.created_at) FILTER (WHERE cr.enabled))[1] AS credential_merchant_id
    FROM credentials cr JOIN providers p ON p.id = cr.provider_id
    WHERE p.name = ${ev}.acquirer_name AND cr.acquirer_merchant_identifier = ${ev}.mid
      AND (p.kind = 'ecommerce' OR cr.acquirer_terminal_identifier = ${ev}.tid)
  )`;
}

/**
 * The CTE `matched`: every row of the CTE `source` (with acquirer_name, mid, tid and
 * data_problem) and its credentialMatch. Materialized so that the decision's CASEs read the
 * lookup instead of running it again.
 */
export function matchedCredentials(source: string): string {
  return `matched AS MATERIALIZED (
  SELECT s.*, m.credential_id, m.any_credential, m.disabled_credential_id, m.credential_merchant_id
  FROM ${source} s CROSS JOIN LATERAL ${credentialMatch("s")} m
)`;
}

/**
 * What is decided for row `m` of `matched`: the status; the failure reason, null when processed;
 * and whose event it is (owner_merchant_id, the merchant accounts' scope): the merchant of the
 * credential that matched, else the merchant the notification names (`named`, the event's
 * merchant_id). A retry that matches later moves the event to the credential's merchant.
 */
export function decision(m: string, named: string): { status: string; failureReason: string; owner: string } {
  return {
    status: `CASE WHEN ${m}.data_problem IS NULL AND ${m}.credential_id IS NOT NULL THEN 'processed' ELSE 'failed' END`,
    failureReason: `CASE WHEN ${m}.data_problem IS NOT NULL THEN ${m}.data_problem
               WHEN ${m}.credential_id IS NOT NULL THEN NULL
               WHEN ${m}.any_credential THEN 'credential_disabled'
               ELSE 'no_matching_credential' END`,
    owner: `COALESCE(${m}.credential_merchant_id, ${named})`,
  };
}

/**
 * The CTEs `attempts` and `deliveries` that record the rows of the CTE `decided` (id,
 * created_at, type, status, failure_reason, credential_id, disabled_credential_id, trace_parent):
 * one attempt each (naming the matched credential, or the disabled one it failed on), with `trigger`
 * (a placeholder or literal: who decided), and the outbox of the webhooks wing
 * (lib/webhooks/delivery/outbox-sql.ts), committed with the decision.
 */
export function recordDecisions(trigger: string): string {
  return `attempts AS (
  INSERT INTO event_attempts (id, event_id, event_created_at, outcome, failure_reason, credential_id, trigger, started_at, finished_at)
  SELECT substr(md5(d.id || clock_timestamp()::text || random()::text), 1, 20), d.id, d.created_at, d.status, d.failure_reason,
         CASE WHEN d.failure_reason = 'credential_disabled' THEN d.disabled_credential_id ELSE d.credential_id END,
         ${trigger}, statement_timestamp(), clock_timestamp()
  FROM decided d
  RETURNING event_id
), deliveries AS (${queueDeliveries("decided")})`;
}
