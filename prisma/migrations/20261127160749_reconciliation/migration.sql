-- CreateTable
CREATE TABLE "reconciliation_imports" (
    "id" VARCHAR(20) NOT NULL,
    "acquirer_name" VARCHAR(32) NOT NULL,
    "format" VARCHAR(16) NOT NULL,
    "file_type" VARCHAR(16) NOT NULL,
    "sequence" INTEGER,
    "establishment" VARCHAR(64),
    "period_start" DATE,
    "period_end" DATE,
    "file_sha256" VARCHAR(64),
    "status" VARCHAR(16) NOT NULL DEFAULT 'importing',
    "bytes_read" BIGINT NOT NULL DEFAULT 0,
    "lines_read" INTEGER NOT NULL DEFAULT 0,
    "summary" JSONB,
    "created_by" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "reconciliation_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciliation_sales" (
    "import_id" VARCHAR(20) NOT NULL,
    "line" INTEGER NOT NULL,
    "merchant_identifier" VARCHAR(64) NOT NULL,
    "terminal_identifier" VARCHAR(64),
    "sale_date" DATE NOT NULL,
    "sale_time" VARCHAR(8),
    "nsu" VARCHAR(40),
    "authorization_code" VARCHAR(16),
    "amount" BIGINT NOT NULL,
    "installments" INTEGER NOT NULL DEFAULT 0,
    "card_last4" VARCHAR(4),
    "status" VARCHAR(16) NOT NULL,
    "rejection_reason" VARCHAR(8),
    "mid_key" VARCHAR(64) NOT NULL,
    "tid_key" VARCHAR(64) NOT NULL DEFAULT '',
    "nsu_key" VARCHAR(40),
    "code_key" VARCHAR(16),

    CONSTRAINT "reconciliation_sales_pkey" PRIMARY KEY ("import_id","line")
);

-- CreateTable
CREATE TABLE "reconciliation_exceptions" (
    "id" VARCHAR(20) NOT NULL,
    "import_id" VARCHAR(20) NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "merchant_id" VARCHAR(64),
    "acquirer_name" VARCHAR(32) NOT NULL,
    "sale_line" INTEGER,
    "merchant_identifier" VARCHAR(64) NOT NULL,
    "terminal_identifier" VARCHAR(64),
    "sale_date" DATE,
    "sale_time" VARCHAR(8),
    "nsu" VARCHAR(40),
    "authorization_code" VARCHAR(16),
    "sale_amount" BIGINT,
    "installments" INTEGER,
    "card_last4" VARCHAR(4),
    "sale_status" VARCHAR(16),
    "event_id" VARCHAR(20),
    "payment_amount" BIGINT,
    "payment_state" VARCHAR(16),
    "mid_key" VARCHAR(64) NOT NULL,
    "tid_key" VARCHAR(64) NOT NULL DEFAULT '',
    "nsu_key" VARCHAR(40),
    "code_key" VARCHAR(16),
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" VARCHAR(64),
    "resolution_note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciliation_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reconciliation_imports_file_sha256_key" ON "reconciliation_imports"("file_sha256");

-- CreateIndex
CREATE INDEX "reconciliation_imports_created_at_id_idx" ON "reconciliation_imports"("created_at", "id");

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_created_at_id_idx" ON "reconciliation_exceptions"("created_at", "id");

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_merchant_id_created_at_id_idx" ON "reconciliation_exceptions"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_import_id_created_at_id_idx" ON "reconciliation_exceptions"("import_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "reconciliation_sales" ADD CONSTRAINT "reconciliation_sales_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "reconciliation_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "reconciliation_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: the open missing sales a notification may close, and the trigger that closes
-- them (docs/api.md, "Reconciliation"). Statement-level with a transition table, like the event
-- counts: a batch of notifications is one probe, and with no open missing sale (the usual case)
-- the function stops at one look at an empty partial index. Keys are compared as
-- lib/reconciliation/match-keys.ts writes them: upper case, leading zeros dropped, empty as null.
CREATE INDEX "reconciliation_exceptions_missing_idx" ON "reconciliation_exceptions" ("acquirer_name", "mid_key", "tid_key")
  WHERE kind = 'missing_notification' AND status = 'open';

CREATE FUNCTION reconciliation_close_missing_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM reconciliation_exceptions WHERE kind = 'missing_notification' AND status = 'open') THEN
    RETURN NULL;
  END IF;
  WITH arrived AS (
    SELECT DISTINCT ON (x.id) x.id AS exception_id, n.id AS event_id, n.owner_merchant_id,
      (n.data->>'amount')::bigint AS amount,
      CASE n.data->>'transactionType' WHEN 'capture' THEN 'captured' WHEN 'pre_authorization' THEN 'pre_authorized' ELSE 'authorized' END AS state
    FROM new_rows n
    JOIN reconciliation_exceptions x
      ON x.kind = 'missing_notification' AND x.status = 'open'
     AND x.acquirer_name = n.acquirer_name
     AND x.mid_key = upper(ltrim(n.acquirer_merchant_identifier, '0'))
     AND x.tid_key = coalesce(upper(ltrim(n.acquirer_terminal_identifier, '0')), '')
    WHERE n.transaction_status = 'approved'
      AND n.data->>'transactionType' IN ('authorization', 'pre_authorization', 'capture')
      AND (n.data->>'amount')::bigint = x.sale_amount
      AND (x.nsu_key = nullif(upper(ltrim(n.retrieval_reference_number, '0')), '')
        OR x.code_key = nullif(upper(ltrim(n.authorization_code, '0')), ''))
      AND (x.card_last4 IS NULL OR n.card_last4 IS NULL OR x.card_last4 = n.card_last4)
      AND (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN x.sale_date AND x.sale_date + 31
    ORDER BY x.id, n.created_at, n.id
  )
  UPDATE reconciliation_exceptions x
  SET status = 'resolved', resolved_at = now(), resolved_by = 'system',
    resolution_note = 'Closed by the late notification ' || a.event_id,
    event_id = a.event_id, merchant_id = coalesce(x.merchant_id, a.owner_merchant_id),
    payment_amount = a.amount, payment_state = a.state
  FROM arrived a
  WHERE x.id = a.exception_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_close_missing_sales AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_close_missing_sales();
