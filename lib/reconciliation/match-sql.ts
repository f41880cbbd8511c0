// The matching of an import's sales against the payments the notifications describe, in SQL and
// set-based (docs/api.md, "Reconciliation": the rule, its keys and tie-breaks), inside the
// import's transaction:
//   1. payments: the acquirer's events on the file's establishments around its dates, grouped into
//      payments by the rule of lib/events/list/find-payment-events.ts (same owner, payment method,
//      MID and TID, and the same RRN/NSU; an event without one joins the payment holding its
//      authorization code), each with its origin event, net state (lib/events/list/payment-state.ts's
//      ranks), amount, card and sale day (its first notification's date in America/Sao_Paulo);
//   2. candidate pairs: a sale and a payment with the same MID and TID keys, the same NSU or the
//      same authorization code (two hash joins), a compatible day and card;
//   3. one-to-one: each round keeps the pairs that are each other's best (both keys agreeing,
//      then the amount, then the status, then the nearest time, then the lowest line and
//      payment), until a round keeps none;
//   4. the matched pairs that agree are kept (reconciliation_matches: the sale's line, the payment's
//      origin event and owner), for an event's and a merchant's reconciliation state;
//   5. exceptions: matched pairs whose status or amount differ, sales left alone
//      (missing_notification), and, for a sales file, approved payments of the period left alone
//      (notification_without_sale);
//   6. with missing sales, a recheck: once the import is committed, the notifications committed
//      after the payments were read are compared with them (close-late-notifications.ts).
// Keys are written as lib/reconciliation/match-keys.ts writes the sales': upper(ltrim(x, '0')).
import "server-only";
import type { BulkSession } from "@/lib/reconciliation/bulk-session";
import type { StatementFileType } from "@/lib/reconciliation/reconciliation-values";

/** How far apart a payment's events may be (lib/events/list/find-payment-events.ts's PAYMENT_WINDOW_DAYS). */
const PAYMENT_WINDOW_DAYS = 31;
/** A notification this long after midnight still counts for the day before (a sale at 23:59 arrives at 00:01). */
const MIDNIGHT_GRACE = "15 minutes";
/** Rounds of the one-to-one assignment at most; the second rarely keeps any. */
const MAX_ROUNDS = 5;

const APPROVED_STATES = "('authorized', 'pre_authorized', 'captured')";
const SP = "'America/Sao_Paulo'";

/** $1 acquirer, $2 MID keys, $3 first day, $4 last day (of sales and period): the payments around them. */
const PAYMENTS_SQL = `
CREATE TEMP TABLE recon_payments ON COMMIT DROP AS
WITH ev AS (
  SELECT e.id, e.created_at, e.owner_merchant_id AS owner, e.payment_method AS method,
    upper(ltrim(e.acquirer_merchant_identifier, '0')) AS mid_key,
    coalesce(upper(ltrim(e.acquirer_terminal_identifier, '0')), '') AS tid_key,
    nullif(upper(ltrim(e.retrieval_reference_number, '0')), '') AS rrn_key,
    nullif(upper(ltrim(e.authorization_code, '0')), '') AS code_key,
    e.acquirer_merchant_identifier AS mid, e.acquirer_terminal_identifier AS tid, e.card_last4,
    e.transaction_status AS status, e.data->>'transactionType' AS type, (e.data->>'amount')::bigint AS amount
  FROM events e
  WHERE e.acquirer_name = $1 AND upper(ltrim(e.acquirer_merchant_identifier, '0')) = ANY ($2::text[])
    AND e.created_at >= (($3::date - ${PAYMENT_WINDOW_DAYS})::timestamp AT TIME ZONE ${SP})
    AND e.created_at < (($4::date + ${PAYMENT_WINDOW_DAYS + 1})::timestamp AT TIME ZONE ${SP})
),
-- The RRN an event without one takes from an event with its code (only the codes such events
-- carry: most events have both, and joining them all would sort the million twice).
coded AS (
  SELECT owner, method, mid_key, tid_key, code_key, min(rrn_key) AS rrn_key
  FROM ev WHERE rrn_key IS NOT NULL
    AND code_key IN (SELECT code_key FROM ev WHERE rrn_key IS NULL AND code_key IS NOT NULL)
  GROUP BY owner, method, mid_key, tid_key, code_key
),
keyed AS (
  SELECT ev.*, 'r:' || ev.rrn_key AS pkey FROM ev WHERE ev.rrn_key IS NOT NULL
  UNION ALL
  SELECT ev.*, CASE
      WHEN c.rrn_key IS NOT NULL THEN 'r:' || c.rrn_key
      WHEN ev.code_key IS NOT NULL THEN 'c:' || ev.code_key
      ELSE 'e:' || ev.id END
  FROM ev
  LEFT JOIN coded c ON c.code_key = ev.code_key
    AND c.owner IS NOT DISTINCT FROM ev.owner AND c.method = ev.method AND c.mid_key = ev.mid_key AND c.tid_key = ev.tid_key
  WHERE ev.rrn_key IS NULL
),
ranked AS (
  SELECT k.*,
    CASE k.type WHEN 'authorization' THEN 0 WHEN 'pre_authorization' THEN 0 ELSE 1 END AS origin_rank,
    CASE WHEN k.status <> 'approved' THEN 0 WHEN k.type IN ('void', 'reversal') THEN 3 WHEN k.type = 'capture' THEN 2 ELSE 1 END AS state_rank
  FROM keyed k
),
-- Each event's place in its payment, by window (three sorts of the events) rather than ordered
-- aggregates (a sort per aggregate and payment: a million tiny sorts on PostgreSQL 15). The
-- payment's keys are listed most telling first: the sort compares the RRN before the owner (200
-- owners first made a million rows' sort three times slower, measured).
placed AS (
  SELECT k.*,
    row_number() OVER (PARTITION BY pkey, tid_key, mid_key, owner, method ORDER BY origin_rank, created_at, id) AS origin_pos,
    row_number() OVER (PARTITION BY pkey, tid_key, mid_key, owner, method ORDER BY state_rank DESC, created_at DESC, id DESC) AS state_pos,
    row_number() OVER (PARTITION BY pkey, tid_key, mid_key, owner, method
      ORDER BY (status = 'approved' AND type = 'capture') DESC, created_at DESC, id DESC) AS capture_pos
  FROM ranked k
),
grouped AS (
  SELECT min(created_at) AS first_at,
    max(id) FILTER (WHERE origin_pos = 1) AS origin_id,
    max(amount) FILTER (WHERE origin_pos = 1) AS origin_amount,
    max(amount) FILTER (WHERE capture_pos = 1 AND status = 'approved' AND type = 'capture') AS captured_amount,
    max(CASE type WHEN 'authorization' THEN 'authorized' WHEN 'pre_authorization' THEN 'pre_authorized'
        WHEN 'capture' THEN 'captured' WHEN 'void' THEN 'voided' ELSE 'reversed' END)
      FILTER (WHERE state_pos = 1 AND status = 'approved') AS approved_state,
    bool_or(status = 'pending') AS any_pending,
    owner, mid_key, tid_key, max(rrn_key) AS rrn_key,
    coalesce(max(code_key) FILTER (WHERE origin_pos = 1), max(code_key)) AS code_key,
    max(card_last4) AS card_last4, max(mid) FILTER (WHERE origin_pos = 1) AS mid, max(tid) FILTER (WHERE origin_pos = 1) AS tid
  FROM placed
  GROUP BY pkey, tid_key, mid_key, owner, method
)
SELECT row_number() OVER () AS pid, g.*,
  coalesce(g.captured_amount, g.origin_amount) AS amount,
  coalesce(g.approved_state, CASE WHEN g.any_pending THEN 'pending' ELSE 'denied' END) AS state,
  (g.first_at AT TIME ZONE ${SP})::date AS sale_day,
  ((g.first_at - interval '${MIDNIGHT_GRACE}') AT TIME ZONE ${SP})::date AS grace_day
FROM grouped g`;

/** One branch of the candidate pairs: the sales of import $1 joined to payments on `key`. */
const pairsOn = (saleKey: string, paymentKey: string) => `
SELECT s.line, p.pid,
  (s.nsu_key = p.rrn_key) IS TRUE AND (s.code_key = p.code_key) IS TRUE AS both_keys,
  s.amount = p.amount AS amount_ok,
  (s.status = 'approved') = (p.state IN ${APPROVED_STATES}) AS status_ok,
  -- Seconds as float8 (date_part), not numeric (extract): ranked a million times.
  abs(date_part('epoch', p.first_at - ((s.sale_date + coalesce(s.sale_time::time, time '12:00')) AT TIME ZONE ${SP}))) AS distance
FROM reconciliation_sales s
JOIN recon_payments p ON p.mid_key = s.mid_key AND p.tid_key = s.tid_key AND p.${paymentKey} = s.${saleKey}
WHERE s.import_id = $1 AND s.sale_date BETWEEN p.grace_day AND p.sale_day
  AND (s.card_last4 IS NULL OR p.card_last4 IS NULL OR s.card_last4 = p.card_last4)`;

/** The NSU branch, then the code branch for the pairs the NSU does not already join (no dedupe of two million rows). */
const PAIRS_SQL = `
CREATE TEMP TABLE recon_pairs ON COMMIT DROP AS
${pairsOn("nsu_key", "rrn_key")}
UNION ALL
${pairsOn("code_key", "code_key")} AND (s.nsu_key = p.rrn_key) IS NOT TRUE`;

const ROUND_SQL = `
INSERT INTO recon_matches (line, pid)
SELECT line, pid FROM (
  SELECT c.line, c.pid,
    row_number() OVER (PARTITION BY c.line ORDER BY c.both_keys DESC, c.amount_ok DESC, c.status_ok DESC, c.distance, c.pid) AS by_sale,
    row_number() OVER (PARTITION BY c.pid ORDER BY c.both_keys DESC, c.amount_ok DESC, c.status_ok DESC, c.distance, c.line) AS by_payment
  FROM recon_pairs c
  WHERE NOT EXISTS (SELECT 1 FROM recon_matches m WHERE m.line = c.line)
    AND NOT EXISTS (SELECT 1 FROM recon_matches m WHERE m.pid = c.pid)
) ranked
WHERE by_sale = 1 AND by_payment = 1`;

/**
 * $1 import: the pairs that agree in status and amount (the others become exceptions below),
 * answering how many each payment owner has (one pass over what is written).
 */
const MATCHES_SQL = `
WITH kept AS (
  INSERT INTO reconciliation_matches (event_id, import_id, sale_line, merchant_id)
  SELECT p.origin_id, $1, m.line, p.owner
  FROM recon_matches m
  JOIN recon_pairs c ON c.line = m.line AND c.pid = m.pid
  JOIN recon_payments p ON p.pid = m.pid
  WHERE c.status_ok AND c.amount_ok
  -- In the key's order: the primary key's btree is then filled page after page (a million rows
  -- in random order split pages all over it, and cost seconds).
  ORDER BY p.origin_id
  RETURNING merchant_id
)
SELECT coalesce(jsonb_object_agg(merchant_id, n), '{}'::jsonb) AS by_merchant
FROM (SELECT merchant_id, count(*)::int AS n FROM kept WHERE merchant_id IS NOT NULL GROUP BY merchant_id) owners`;

const EXCEPTION_COLUMNS = `id, import_id, kind, merchant_id, acquirer_name, sale_line, merchant_identifier, terminal_identifier,
  sale_date, sale_time, nsu, authorization_code, sale_amount, installments, card_last4, sale_status,
  event_id, payment_amount, payment_state, mid_key, tid_key, nsu_key, code_key, created_at`;

/** Ids like the outbox's (lib/webhooks/delivery/outbox-sql.ts): 20 hex characters, within the XID alphabet. */
const NEW_ID = "substr(md5($1 || ':' || s.line || ':' || random()::text), 1, 20)";
const SALE_FIELDS = `s.line, s.merchant_identifier, s.terminal_identifier, s.sale_date, s.sale_time, s.nsu, s.authorization_code,
  s.amount, s.installments, s.card_last4, s.status`;

/** $1 import, $2 acquirer, $3 now: matched pairs that disagree on the status (first) or the amount. */
const MISMATCH_SQL = `
INSERT INTO reconciliation_exceptions (${EXCEPTION_COLUMNS})
SELECT ${NEW_ID}, $1, CASE WHEN NOT c.status_ok THEN 'status_mismatch' ELSE 'amount_mismatch' END, p.owner, $2,
  ${SALE_FIELDS}, p.origin_id, p.amount, p.state, s.mid_key, s.tid_key, s.nsu_key, s.code_key, $3
FROM recon_matches m
JOIN recon_pairs c ON c.line = m.line AND c.pid = m.pid
JOIN reconciliation_sales s ON s.import_id = $1 AND s.line = m.line
JOIN recon_payments p ON p.pid = m.pid
WHERE NOT (c.status_ok AND c.amount_ok)`;

/**
 * $1 import, $2 acquirer, $3 now: sales no payment matched. Whose: the merchant of the
 * acquirer's credential with the sale's MID and TID (an enabled one first, then the oldest).
 */
const MISSING_SQL = `
INSERT INTO reconciliation_exceptions (${EXCEPTION_COLUMNS})
SELECT ${NEW_ID}, $1, 'missing_notification', cr.merchant_id, $2,
  ${SALE_FIELDS}, NULL, NULL, NULL, s.mid_key, s.tid_key, s.nsu_key, s.code_key, $3
FROM reconciliation_sales s
LEFT JOIN (
  SELECT DISTINCT ON (1, 2) upper(ltrim(c.acquirer_merchant_identifier, '0')) AS mid_key,
    coalesce(upper(ltrim(c.acquirer_terminal_identifier, '0')), '') AS tid_key, c.merchant_id
  FROM credentials c JOIN providers pr ON pr.id = c.provider_id
  WHERE pr.name = $2 AND c.acquirer_merchant_identifier IS NOT NULL
  ORDER BY 1, 2, c.enabled DESC, c.created_at, c.id
) cr ON cr.mid_key = s.mid_key AND cr.tid_key = s.tid_key
WHERE s.import_id = $1 AND NOT EXISTS (SELECT 1 FROM recon_matches m WHERE m.line = s.line)`;

/** $1 import, $2 acquirer, $3 now, $4 MID keys, $5 period start, $6 period end: approved payments no sale matched. */
const WITHOUT_SALE_SQL = `
INSERT INTO reconciliation_exceptions (${EXCEPTION_COLUMNS})
SELECT substr(md5($1 || ':p' || p.pid || ':' || random()::text), 1, 20), $1, 'notification_without_sale', p.owner, $2,
  NULL, p.mid, p.tid, NULL, NULL, NULL, NULL, NULL, NULL, p.card_last4, NULL,
  p.origin_id, p.amount, p.state, p.mid_key, p.tid_key, p.rrn_key, p.code_key, $3
FROM recon_payments p
WHERE p.state IN ${APPROVED_STATES} AND p.mid_key = ANY ($4::text[]) AND p.sale_day BETWEEN $5::date AND $6::date
  AND NOT EXISTS (SELECT 1 FROM recon_matches m WHERE m.pid = p.pid)`;

const SUMMARY_SQL = `
SELECT (SELECT count(*) FROM recon_matches)::int AS pairs,
  count(*) FILTER (WHERE kind = 'missing_notification')::int AS missing_notification,
  count(*) FILTER (WHERE kind = 'notification_without_sale')::int AS notification_without_sale,
  count(*) FILTER (WHERE kind = 'amount_mismatch')::int AS amount_mismatch,
  count(*) FILTER (WHERE kind = 'status_mismatch')::int AS status_mismatch
FROM reconciliation_exceptions WHERE import_id = $1`;

/** The summary, and the matched sales of each payment owner (merchant id: count). */
export type MatchResult = { summary: ReconciliationSummary; matchedByMerchant: Record<string, number> };

export type ReconciliationSummary = {
  sales: number;
  matched: number;
  missingNotification: number;
  notificationWithoutSale: number;
  amountMismatch: number;
  statusMismatch: number;
};

export type MatchInput = {
  importId: string;
  acquirerName: string;
  fileType: StatementFileType;
  sales: number;
  /** The MID keys of the file's establishments. */
  establishmentKeys: string[];
  /** YYYY-MM-DD: the file's period (a notification without a sale is looked for in it). */
  periodStart: string;
  periodEnd: string;
  /** YYYY-MM-DD: the earliest and latest days of the period and the sales (the events read surround them). */
  firstDay: string;
  lastDay: string;
  now: Date;
};

/** Matches the import's sales and writes its exceptions; answers the summary. */
export async function matchImport(session: BulkSession, input: MatchInput): Promise<MatchResult> {
  const { importId, acquirerName, now } = input;
  // The database's clock before the payments are read: the recheck's notifications begin here.
  const [clock] = await session.query("SELECT clock_timestamp()::text AS at");
  // The payments' windows, the joins and the rounds' rankings sort and hash a million rows each:
  // in memory rather than in temporary files.
  await session.query("SET LOCAL work_mem = '256MB'");
  await session.query(PAYMENTS_SQL, [acquirerName, input.establishmentKeys, input.firstDay, input.lastDay]);
  // Temporary tables have no statistics until analysed: the joins below would be planned blind.
  await session.query("ANALYZE recon_payments");
  await session.query(PAIRS_SQL, [importId]);
  await session.query("ANALYZE recon_pairs");
  // No index: a round keeps each line and payment once by its ranking, and the later statements
  // join it whole (hashing); two indexes of a million entries cost seconds (measured).
  await session.query("CREATE TEMP TABLE recon_matches (line integer NOT NULL, pid bigint NOT NULL) ON COMMIT DROP");
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const kept = await session.query(`WITH kept AS (${ROUND_SQL} RETURNING 1) SELECT count(*)::int AS n FROM kept`, []);
    if (Number(kept[0]?.n ?? 0) === 0) break;
    await session.query("ANALYZE recon_matches");
  }
  const [kept] = await session.query(MATCHES_SQL, [importId]);
  await session.query(MISMATCH_SQL, [importId, acquirerName, now]);
  await session.query(MISSING_SQL, [importId, acquirerName, now]);
  if (input.fileType === "sales") {
    await session.query(WITHOUT_SALE_SQL, [
      importId,
      acquirerName,
      now,
      input.establishmentKeys,
      input.periodStart,
      input.periodEnd,
    ]);
  }
  const [row] = await session.query(SUMMARY_SQL, [importId]);
  const count = (name: string) => Number(row?.[name] ?? 0);
  if (count("missing_notification") > 0) {
    const recheck = "INSERT INTO reconciliation_rechecks (import_id, since) VALUES ($1, $2::timestamptz)";
    await session.query(recheck, [importId, clock?.at]);
  }
  const mismatched = count("amount_mismatch") + count("status_mismatch");
  const summary = {
    sales: input.sales,
    matched: count("pairs") - mismatched,
    missingNotification: count("missing_notification"),
    notificationWithoutSale: count("notification_without_sale"),
    amountMismatch: count("amount_mismatch"),
    statusMismatch: count("status_mismatch"),
  };
  return { summary, matchedByMerchant: (kept?.by_merchant ?? {}) as Record<string, number> };
}
