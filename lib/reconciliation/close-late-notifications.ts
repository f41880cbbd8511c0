// A late notification closes the open missing_notification of its sale (docs/api.md,
// "Reconciliation"), after its own commit, so that the ingestion path pays at most two index
// probes for it (the trigger of migration *_late_notifications_after_commit notes the
// notifications that have such a sale in reconciliation_late_events). Run by the maintenance
// schedule, in batches:
//   - the noted notifications are closed against the open missing sales, each by equality
//     (acquirer, MID, TID and NSU, or code: an index each), then with the amount, card and day;
//   - an import with missing sales is compared once committed with the notifications that arrived
//     while it was matched (reconciliation_rechecks): its matching did not see them (committed
//     after its snapshot) and the trigger's probe did not see its sales (not yet committed).
//     First the transactions in flight when it was seen committed end (or a statement timeout
//     passes: a notification is one statement), then the notifications from a statement timeout
//     before its matching began are walked by (created_at, id).
// Closing twice is harmless: only an open sale is closed, so two instances only repeat work.
import "server-only";
import { db, sql } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

/** Notifications per statement, noted or walked. */
const BATCH = 2_000;
/** Statements per run at most: the maintenance schedule's other chores wait behind this one. */
const BATCHES_PER_RUN = 10;

const SP = "'America/Sao_Paulo'";

/**
 * The UPDATE that closes the open missing sales which the notifications of `source` (a CTE with
 * event_id, event_created_at) settle: the same acquirer, MID and TID keys, the NSU or the code,
 * the amount, a compatible card, an arrival from the sale's day to 31 days after it. One
 * notification a sale (its earliest); a notification never closes a sale of an import that paired
 * it with another sale (matched or in an exception). RETURNING the sales closed.
 */
function closeSql(source: string): string {
  const keys = `x.kind = 'missing_notification' AND x.status = 'open' AND x.acquirer_name = n.acquirer_name
        AND x.mid_key = upper(ltrim(n.acquirer_merchant_identifier, '0'))
        AND x.tid_key = coalesce(upper(ltrim(n.acquirer_terminal_identifier, '0')), '')`;
  const columns = "x.id, x.import_id, x.sale_amount, x.card_last4, x.sale_date";
  return `
UPDATE reconciliation_exceptions x
SET status = 'resolved', resolved_at = now(), resolved_by = 'system',
  resolution_note = 'Closed by the late notification ' || a.event_id,
  event_id = a.event_id, merchant_id = coalesce(x.merchant_id, a.owner_merchant_id),
  payment_amount = a.amount, payment_state = a.state
FROM (
  SELECT DISTINCT ON (c.id) c.id AS exception_id, n.id AS event_id, n.owner_merchant_id,
    (n.data->>'amount')::bigint AS amount,
    CASE n.data->>'transactionType' WHEN 'capture' THEN 'captured' WHEN 'pre_authorization' THEN 'pre_authorized' ELSE 'authorized' END AS state
  FROM ${source} s
  JOIN events n ON n.id = s.event_id AND n.created_at = s.event_created_at
  -- A probe by equality each (UNION: a sale with both keys is found twice), per notification.
  CROSS JOIN LATERAL (
    SELECT ${columns} FROM reconciliation_exceptions x
    WHERE ${keys} AND x.nsu_key = nullif(upper(ltrim(n.retrieval_reference_number, '0')), '')
    UNION
    SELECT ${columns} FROM reconciliation_exceptions x
    WHERE ${keys} AND x.code_key = nullif(upper(ltrim(n.authorization_code, '0')), '')
  ) c
  WHERE n.transaction_status = 'approved'
    AND n.data->>'transactionType' IN ('authorization', 'pre_authorization', 'capture')
    AND (n.data->>'amount')::bigint = c.sale_amount
    AND (c.card_last4 IS NULL OR n.card_last4 IS NULL OR c.card_last4 = n.card_last4)
    AND (n.created_at AT TIME ZONE ${SP})::date BETWEEN c.sale_date AND c.sale_date + 31
    AND NOT EXISTS (SELECT 1 FROM reconciliation_matches m WHERE m.event_id = n.id AND m.import_id = c.import_id)
    AND NOT EXISTS (SELECT 1 FROM reconciliation_exceptions o WHERE o.event_id = n.id AND o.import_id = c.import_id)
  ORDER BY c.id, n.created_at, n.id
) a
WHERE x.id = a.exception_id AND x.status = 'open'
RETURNING x.id`;
}

/** $1 batch: claims noted notifications (SKIP LOCKED: instances share the queue), removes and closes them. */
const NOTED_SQL = `
WITH claimed AS (
  DELETE FROM reconciliation_late_events q
  USING (SELECT event_id, event_created_at FROM reconciliation_late_events LIMIT $1 FOR UPDATE SKIP LOCKED) c
  WHERE q.event_id = c.event_id AND q.event_created_at = c.event_created_at
  RETURNING q.event_id, q.event_created_at
), closed AS (${closeSql("claimed")})
SELECT (SELECT count(*) FROM claimed)::int AS claimed, (SELECT count(*) FROM closed)::int AS closed`;

/** $1 after created_at, $2 after id, $3 batch: the next notifications of a recheck's walk, closed; where it got to. */
const WALK_SQL = `
WITH walked AS (
  SELECT e.id AS event_id, e.created_at AS event_created_at FROM events e
  WHERE (e.created_at, e.id) > ($1::timestamptz, $2::text)
  ORDER BY e.created_at, e.id LIMIT $3
), closed AS (${closeSql("walked")}),
last AS (SELECT event_created_at, event_id FROM walked ORDER BY event_created_at DESC, event_id DESC LIMIT 1)
SELECT (SELECT count(*) FROM walked)::int AS walked, (SELECT count(*) FROM closed)::int AS closed,
  (SELECT event_created_at FROM last) AS after_created_at, (SELECT event_id FROM last) AS after_id`;

/**
 * $1 import, $2 how long a notification's statement may run (ms): whether the walk may begin.
 * The snapshot is taken on first sight (the row is visible, so the import is committed); the
 * transactions it names in flight must have ended, or a statement timeout passed since.
 */
const SETTLED_SQL = `
WITH seen AS (
  UPDATE reconciliation_rechecks SET snapshot = coalesce(snapshot, pg_current_snapshot()::text),
    snapshot_at = coalesce(snapshot_at, now()),
    after_created_at = coalesce(after_created_at, since - make_interval(secs => $2::float8 / 1000)),
    after_id = coalesce(after_id, '')
  WHERE import_id = $1
  RETURNING snapshot, snapshot_at, after_created_at, after_id
)
SELECT s.after_created_at, s.after_id,
  s.snapshot_at < now() - make_interval(secs => $2::float8 / 1000)
  OR NOT EXISTS (SELECT 1 FROM pg_snapshot_xip(s.snapshot::pg_snapshot) x WHERE pg_xact_status(x) = 'in progress') AS settled
FROM seen s`;

export type LateNotificationsRun = { noted: number; rechecked: number; closed: number };

/** One run: the noted notifications, then the imports to recheck, each up to the run's budget. */
export async function closeLateNotifications(): Promise<LateNotificationsRun> {
  const run: LateNotificationsRun = { noted: 0, rechecked: 0, closed: 0 };
  let budget = BATCHES_PER_RUN;
  while (budget-- > 0) {
    const [row] = await sql({ name: "reconciliation_close_noted", text: NOTED_SQL, values: [BATCH] });
    run.noted += Number(row?.claimed ?? 0);
    run.closed += Number(row?.closed ?? 0);
    if (Number(row?.claimed ?? 0) < BATCH) break;
  }
  const rechecks = await db().reconciliationRecheck.findMany({ select: { importId: true }, orderBy: { since: "asc" } });
  // Bounded by a statement timeout: a notification in flight when the import committed was one statement.
  const inFlightMs = env().databaseStatementTimeoutMs + 1_000;
  for (const { importId } of rechecks) {
    if (budget <= 0) break;
    const [state] = await sql({ name: "reconciliation_recheck_settled", text: SETTLED_SQL, values: [importId, inFlightMs] });
    if (!state?.settled) continue;
    let after = { at: state.after_created_at as Date, id: String(state.after_id) };
    while (budget-- > 0) {
      const [walk] = await sql({ name: "reconciliation_recheck_walk", text: WALK_SQL, values: [after.at, after.id, BATCH] });
      const walked = Number(walk?.walked ?? 0);
      run.rechecked += walked;
      run.closed += Number(walk?.closed ?? 0);
      if (walked < BATCH) {
        // Caught up with the present: later notifications see the import's sales (the trigger's probe).
        await db().reconciliationRecheck.deleteMany({ where: { importId } });
        break;
      }
      after = { at: walk!.after_created_at as Date, id: String(walk!.after_id) };
      await db().reconciliationRecheck.updateMany({ where: { importId }, data: { afterCreatedAt: after.at, afterId: after.id } });
    }
  }
  if (run.closed > 0) logger().info(run, "reconciliation: late notifications closed their missing sales");
  return run;
}

/**
 * Runs closeLateNotifications until nothing is left (tests, scripts); a recheck waiting for the
 * transactions in flight at its import's commit is looked at again every 50 ms.
 */
export async function closeAllLateNotifications(): Promise<LateNotificationsRun> {
  const total: LateNotificationsRun = { noted: 0, rechecked: 0, closed: 0 };
  for (;;) {
    const run = await closeLateNotifications();
    total.noted += run.noted;
    total.rechecked += run.rechecked;
    total.closed += run.closed;
    const pending = (await db().reconciliationLateEvent.count()) + (await db().reconciliationRecheck.count());
    if (pending === 0) return total;
    if (run.noted + run.rechecked === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
