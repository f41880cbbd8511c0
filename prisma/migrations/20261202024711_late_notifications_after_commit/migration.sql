-- CreateTable
CREATE TABLE "reconciliation_late_events" (
    "event_id" VARCHAR(20) NOT NULL,
    "event_created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reconciliation_late_events_pkey" PRIMARY KEY ("event_id","event_created_at")
);

-- CreateTable
CREATE TABLE "reconciliation_rechecks" (
    "import_id" VARCHAR(20) NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "after_created_at" TIMESTAMPTZ(3),
    "after_id" VARCHAR(20),
    "snapshot" TEXT,
    "snapshot_at" TIMESTAMPTZ(3),

    CONSTRAINT "reconciliation_rechecks_pkey" PRIMARY KEY ("import_id")
);

-- Written by hand: a late notification closes its missing sale after its own commit, no longer in
-- it. The trigger of migration *_reconciliation joined each new notification with every open
-- missing sale of its terminal (its index held acquirer, MID and TID; the NSU or the code was an
-- OR in the join's filter): after a statement of 100,000 missing sales on one terminal, a batch
-- of 100 notifications compared ten million pairs and ran into the statement timeout. Now the
-- sales are found by equality, NSU and code each with an index of its own, and the notification
-- only notes, for those that have such a sale, that it may close one
-- (lib/reconciliation/close-late-notifications.ts closes them, after the commit, in batches).
DROP TRIGGER "events_close_missing_sales" ON "events";
DROP FUNCTION reconciliation_close_missing_sales();
DROP INDEX "reconciliation_exceptions_missing_idx";

CREATE INDEX "reconciliation_exceptions_missing_nsu_idx" ON "reconciliation_exceptions" ("acquirer_name", "mid_key", "tid_key", "nsu_key")
  WHERE kind = 'missing_notification' AND status = 'open';
CREATE INDEX "reconciliation_exceptions_missing_code_idx" ON "reconciliation_exceptions" ("acquirer_name", "mid_key", "tid_key", "code_key")
  WHERE kind = 'missing_notification' AND status = 'open';

-- Statement-level with a transition table, as before: with no open missing sale (the usual case)
-- it stops at one look at an empty partial index. Otherwise each approved authorization,
-- pre-authorization or capture costs two index probes by equality (the EXISTS over a UNION ALL
-- stays a per-row probe: the planner cannot turn it into a join that reads every open sale). The
-- amount, card and day are compared when closing. Keys as lib/reconciliation/match-keys.ts writes
-- them: upper case, leading zeros dropped, empty as null.
CREATE FUNCTION reconciliation_note_late_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM reconciliation_exceptions WHERE kind = 'missing_notification' AND status = 'open') THEN
    RETURN NULL;
  END IF;
  INSERT INTO reconciliation_late_events (event_id, event_created_at)
  SELECT n.id, n.created_at FROM new_rows n
  WHERE n.transaction_status = 'approved'
    AND n.data->>'transactionType' IN ('authorization', 'pre_authorization', 'capture')
    AND EXISTS (
      SELECT 1 FROM reconciliation_exceptions x
      WHERE x.kind = 'missing_notification' AND x.status = 'open' AND x.acquirer_name = n.acquirer_name
        AND x.mid_key = upper(ltrim(n.acquirer_merchant_identifier, '0'))
        AND x.tid_key = coalesce(upper(ltrim(n.acquirer_terminal_identifier, '0')), '')
        AND x.nsu_key = nullif(upper(ltrim(n.retrieval_reference_number, '0')), '')
      UNION ALL
      SELECT 1 FROM reconciliation_exceptions x
      WHERE x.kind = 'missing_notification' AND x.status = 'open' AND x.acquirer_name = n.acquirer_name
        AND x.mid_key = upper(ltrim(n.acquirer_merchant_identifier, '0'))
        AND x.tid_key = coalesce(upper(ltrim(n.acquirer_terminal_identifier, '0')), '')
        AND x.code_key = nullif(upper(ltrim(n.authorization_code, '0')), '')
    );
  RETURN NULL;
END
$$;

CREATE TRIGGER events_note_late_notifications AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_note_late_notifications();
