-- CreateTable
CREATE TABLE "payment_outcome_hourly_counts" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "acquirer_name" VARCHAR(32) NOT NULL,
    "merchant_id" VARCHAR(64) NOT NULL,
    "transaction_status" VARCHAR(16) NOT NULL,
    "response_code" VARCHAR(4) NOT NULL,
    "count" BIGINT NOT NULL,

    CONSTRAINT "payment_outcome_hourly_counts_pkey" PRIMARY KEY ("hour","acquirer_name","merchant_id","transaction_status","response_code")
);

-- CreateTable
CREATE TABLE "payment_outcome_deltas" (
    "id" BIGSERIAL NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "acquirer_name" VARCHAR(32) NOT NULL,
    "merchant_id" VARCHAR(64) NOT NULL,
    "transaction_status" VARCHAR(16) NOT NULL,
    "response_code" VARCHAR(4) NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "payment_outcome_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_outcome_deltas_hour_idx" ON "payment_outcome_deltas"("hour");

-- Written by hand: the triggers that keep the decided payments' counts (schema.prisma,
-- PaymentOutcomeHourlyCount), like the event counts' (migration *_event_counts): statement-level
-- with transition tables, so a batch adds a few delta rows, and append-only, so ingestion never
-- waits on a shared row. A payment is an authorization or pre-authorization; decided, approved
-- or denied. Approved payments are counted per hour and acquirer only (merchant and code empty):
-- the overview needs no more of them, and they are most payments, so the rollup stays about the
-- size of the period's declines. An event's data never changes, but its created_at may (tests
-- move events in time), so an update counts the moved rows out of their old hour and into the new one.
CREATE FUNCTION payment_outcomes_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_outcome_deltas (hour, acquirer_name, merchant_id, transaction_status, response_code, delta)
  SELECT hour, acquirer, merchant, status, code, count(*) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour,
           coalesce(acquirer_name, '') AS acquirer,
           CASE WHEN transaction_status = 'denied' THEN coalesce(merchant_id, '') ELSE '' END AS merchant,
           transaction_status AS status,
           CASE WHEN transaction_status = 'denied' THEN coalesce(data->>'acquirerResponseCode', '') ELSE '' END AS code
    FROM new_rows WHERE transaction_status IN ('approved', 'denied') AND data->>'transactionType' IN ('authorization', 'pre_authorization')
  ) payments
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END
$$;

CREATE FUNCTION payment_outcomes_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_outcome_deltas (hour, acquirer_name, merchant_id, transaction_status, response_code, delta)
  SELECT hour, acquirer, merchant, status, code, sum(d) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour,
           coalesce(acquirer_name, '') AS acquirer,
           CASE WHEN transaction_status = 'denied' THEN coalesce(merchant_id, '') ELSE '' END AS merchant,
           transaction_status AS status,
           CASE WHEN transaction_status = 'denied' THEN coalesce(data->>'acquirerResponseCode', '') ELSE '' END AS code, -1 AS d
    FROM old_rows WHERE transaction_status IN ('approved', 'denied') AND data->>'transactionType' IN ('authorization', 'pre_authorization')
    UNION ALL
    SELECT date_trunc('hour', created_at, 'UTC') AS hour,
           coalesce(acquirer_name, '') AS acquirer,
           CASE WHEN transaction_status = 'denied' THEN coalesce(merchant_id, '') ELSE '' END AS merchant,
           transaction_status AS status,
           CASE WHEN transaction_status = 'denied' THEN coalesce(data->>'acquirerResponseCode', '') ELSE '' END AS code, 1
    FROM new_rows WHERE transaction_status IN ('approved', 'denied') AND data->>'transactionType' IN ('authorization', 'pre_authorization')
  ) changes
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION payment_outcomes_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_outcome_deltas (hour, acquirer_name, merchant_id, transaction_status, response_code, delta)
  SELECT hour, acquirer, merchant, status, code, -count(*) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour,
           coalesce(acquirer_name, '') AS acquirer,
           CASE WHEN transaction_status = 'denied' THEN coalesce(merchant_id, '') ELSE '' END AS merchant,
           transaction_status AS status,
           CASE WHEN transaction_status = 'denied' THEN coalesce(data->>'acquirerResponseCode', '') ELSE '' END AS code
    FROM old_rows WHERE transaction_status IN ('approved', 'denied') AND data->>'transactionType' IN ('authorization', 'pre_authorization')
  ) payments
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_payment_outcomes_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_outcomes_after_insert();
CREATE TRIGGER events_payment_outcomes_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_outcomes_after_update();
CREATE TRIGGER events_payment_outcomes_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_outcomes_after_delete();

-- Events stored before this migration.
INSERT INTO payment_outcome_hourly_counts (hour, acquirer_name, merchant_id, transaction_status, response_code, count)
SELECT hour, acquirer, merchant, status, code, count(*) FROM (
  SELECT date_trunc('hour', created_at, 'UTC') AS hour,
         coalesce(acquirer_name, '') AS acquirer,
         CASE WHEN transaction_status = 'denied' THEN coalesce(merchant_id, '') ELSE '' END AS merchant,
         transaction_status AS status,
         CASE WHEN transaction_status = 'denied' THEN coalesce(data->>'acquirerResponseCode', '') ELSE '' END AS code
  FROM events WHERE transaction_status IN ('approved', 'denied') AND data->>'transactionType' IN ('authorization', 'pre_authorization')
) payments
GROUP BY 1, 2, 3, 4, 5;

-- Retention (migration *_partition_events, section 8) drops whole months; the payments' counts
-- of the dropped hours go with the event counts', so the overview counts what is still stored.
-- The same function with those two deletes added.
CREATE OR REPLACE FUNCTION drop_event_months_before(cutoff date) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  part record;
  suffix text;
  lo timestamptz;
  upto timestamptz := make_timestamptz(extract(year FROM cutoff)::int, extract(month FROM cutoff)::int, 1, 0, 0, 0, 'UTC');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ensure_event_partitions'));
  FOR part IN
    SELECT c.relname, to_date(substr(c.relname, 9), 'YYYY_MM') AS month
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_p[0-9]{4}_[0-9]{2}$'
    ORDER BY c.relname
  LOOP
    lo := make_timestamptz(extract(year FROM part.month)::int, extract(month FROM part.month)::int, 1, 0, 0, 0, 'UTC');
    CONTINUE WHEN lo + interval '1 month' > upto;
    suffix := substr(part.relname, 7);
    EXECUTE format('DROP TABLE %I', 'webhook_delivery_attempts' || suffix);
    EXECUTE format('ALTER TABLE webhook_deliveries DETACH PARTITION %I', 'webhook_deliveries' || suffix);
    EXECUTE format('DROP TABLE %I', 'webhook_deliveries' || suffix);
    EXECUTE format('DROP TABLE %I', 'event_attempts' || suffix);
    DELETE FROM event_dedup_keys WHERE created_at >= lo AND created_at < lo + interval '1 month';
    EXECUTE format('ALTER TABLE events DETACH PARTITION %I', part.relname);
    EXECUTE format('DROP TABLE %I', part.relname);
    RETURN NEXT to_char(part.month, 'YYYY-MM');
  END LOOP;
  DELETE FROM event_hourly_counts WHERE hour < upto;
  DELETE FROM event_count_deltas WHERE hour < upto;
  DELETE FROM payment_outcome_hourly_counts WHERE hour < upto;
  DELETE FROM payment_outcome_deltas WHERE hour < upto;
END
$$;
