-- Written by hand (issue 14): events and what hangs off them (event_attempts, webhook_deliveries,
-- webhook_delivery_attempts) become tables partitioned by month of the event's created_at (UTC),
-- so that retention drops whole months instead of deleting rows. See docs/operations.md,
-- "Partitions and retention".
--
-- The path from the unpartitioned tables, data included, in this one migration (one
-- transaction): rename the old tables, create the partitioned ones with a DEFAULT partition
-- each, create every month the rows need and the months ahead, copy the rows (before any index,
-- trigger or foreign key exists: the body trigger must not rewrite the stored bodies and the
-- count triggers must not count the rows twice), drop the old tables, then create the keys,
-- indexes, foreign keys and triggers on the partitioned parents (PostgreSQL builds them on every
-- partition). It holds ACCESS EXCLUSIVE locks on these tables for its whole duration.
--
-- What changes in the keys:
--   events: primary key (id, created_at), as a partitioned table's unique keys must hold the
--     partition key. The attempts and deliveries carry the event's created_at (event_created_at)
--     for their foreign keys, and are partitioned on it, so an event's month holds its attempts,
--     deliveries and delivery attempts, and all four go together.
--   dedup_key: unique across months through event_dedup_keys (unpartitioned), written in the
--     ingestion statement; its foreign key keeps created_at equal to the event's.

-- 1. The old tables step aside (their constraints and indexes keep their names until dropped).
ALTER TABLE "webhook_delivery_attempts" RENAME TO "webhook_delivery_attempts_unpartitioned";
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_unpartitioned";
ALTER TABLE "event_attempts" RENAME TO "event_attempts_unpartitioned";
ALTER TABLE "events" RENAME TO "events_unpartitioned";

-- 2. The partitioned tables, same columns as before (plus event_created_at).
CREATE TABLE "events" (
    "id" VARCHAR(20) NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "data" JSONB NOT NULL,
    "merchant_id" VARCHAR(64),
    "terminal_id" VARCHAR(64),
    "acquirer_name" VARCHAR(32),
    "acquirer_merchant_identifier" VARCHAR(64),
    "acquirer_terminal_identifier" VARCHAR(64),
    "transaction_status" VARCHAR(16),
    "payment_method" VARCHAR(16),
    "authorization_code" VARCHAR(16),
    "retrieval_reference_number" VARCHAR(40),
    "card_last4" VARCHAR(4),
    "dedup_key" VARCHAR(300),
    "failure_reason" VARCHAR(64),
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "body" TEXT NOT NULL DEFAULT '',
    "data_problem" VARCHAR(64)
) PARTITION BY RANGE ("created_at");

CREATE TABLE "event_attempts" (
    "id" VARCHAR(20) NOT NULL,
    "event_id" VARCHAR(20) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "failure_reason" VARCHAR(64),
    "credential_id" VARCHAR(20),
    "trigger" VARCHAR(80) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "event_created_at" TIMESTAMPTZ(3) NOT NULL
) PARTITION BY RANGE ("event_created_at");

CREATE TABLE "webhook_deliveries" (
    "id" VARCHAR(20) NOT NULL,
    "event_id" VARCHAR(20) NOT NULL,
    "endpoint_id" VARCHAR(20) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "event_created_at" TIMESTAMPTZ(3) NOT NULL
) PARTITION BY RANGE ("event_created_at");

CREATE TABLE "webhook_delivery_attempts" (
    "id" VARCHAR(20) NOT NULL,
    "delivery_id" VARCHAR(20) NOT NULL,
    "endpoint_id" VARCHAR(20) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error_class" VARCHAR(32),
    "response_body" TEXT,
    "trigger" VARCHAR(80) NOT NULL DEFAULT 'worker',
    "event_created_at" TIMESTAMPTZ(3) NOT NULL
) PARTITION BY RANGE ("event_created_at");

-- No DEFAULT partition: with one, PostgreSQL cannot read the months in order (an ordered Append
-- that stops in the newest month it needs) and merges every month instead; a deep page cost 65%
-- more PostgreSQL time (docs/operations.md, "Plans"). Months are made ahead instead (below, at
-- start-up, by the worker), and an insert that finds no month makes it and tries again.

CREATE TABLE "event_dedup_keys" (
    "dedup_key" VARCHAR(300) NOT NULL,
    "event_id" VARCHAR(20) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_dedup_keys_pkey" PRIMARY KEY ("dedup_key")
);

-- 3. Months. A month's four partitions are named <table>_pYYYY_MM and always made together.
-- The event rows keep an uncompressed body (toast_tuple_target, migration
-- *_uncompressed_event_rows); a partitioned parent cannot hold storage parameters, so every
-- events partition is given it here.
CREATE FUNCTION create_event_month(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := make_timestamptz(extract(year FROM month)::int, extract(month FROM month)::int, 1, 0, 0, 0, 'UTC');
  hi timestamptz := lo + interval '1 month';
  suffix text := to_char(month, '"_p"YYYY"_"MM');
  bounds text := format('FOR VALUES FROM (%L) TO (%L)', to_char(lo AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                        to_char(hi AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
BEGIN
  IF to_regclass('events' || suffix) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF events %s WITH (toast_tuple_target = 8160)', 'events' || suffix, bounds);
  EXECUTE format('CREATE TABLE %I PARTITION OF event_attempts %s', 'event_attempts' || suffix, bounds);
  EXECUTE format('CREATE TABLE %I PARTITION OF webhook_deliveries %s', 'webhook_deliveries' || suffix, bounds);
  EXECUTE format('CREATE TABLE %I PARTITION OF webhook_delivery_attempts %s', 'webhook_delivery_attempts' || suffix, bounds);
  RETURN true;
END
$$;

-- The month of from_month and the months_ahead after it, those missing created; returns how
-- many were. Called by the migrations, at start-up, by the worker's maintenance and by the demo
-- loaders. The advisory lock makes concurrent callers (several instances) take turns.
CREATE FUNCTION ensure_event_partitions(from_month date, months_ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', from_month)::date;
  created integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ensure_event_partitions'));
  FOR i IN 0..months_ahead LOOP
    IF create_event_month((first + make_interval(months => i))::date) THEN
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END
$$;

-- Every month the stored rows need, then this month and the next three.
SELECT create_event_month(m::date)
FROM (SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AS m FROM events_unpartitioned) months
ORDER BY m;
SELECT ensure_event_partitions((now() AT TIME ZONE 'UTC')::date, 3);

-- 4. The rows, bodies as stored (no trigger exists yet).
INSERT INTO events (id, type, status, data, merchant_id, terminal_id, acquirer_name, acquirer_merchant_identifier,
  acquirer_terminal_identifier, transaction_status, payment_method, authorization_code, retrieval_reference_number,
  card_last4, dedup_key, failure_reason, attempt_count, created_at, updated_at, body, data_problem)
SELECT id, type, status, data, merchant_id, terminal_id, acquirer_name, acquirer_merchant_identifier,
  acquirer_terminal_identifier, transaction_status, payment_method, authorization_code, retrieval_reference_number,
  card_last4, dedup_key, failure_reason, attempt_count, created_at, updated_at, body, data_problem
FROM events_unpartitioned;

INSERT INTO event_attempts (id, event_id, outcome, failure_reason, credential_id, trigger, started_at, finished_at, event_created_at)
SELECT a.id, a.event_id, a.outcome, a.failure_reason, a.credential_id, a.trigger, a.started_at, a.finished_at, e.created_at
FROM event_attempts_unpartitioned a JOIN events_unpartitioned e ON e.id = a.event_id;

INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempt_count, next_attempt_at, last_attempt_at,
  created_at, updated_at, event_created_at)
SELECT d.id, d.event_id, d.endpoint_id, d.status, d.attempt_count, d.next_attempt_at, d.last_attempt_at,
  d.created_at, d.updated_at, e.created_at
FROM webhook_deliveries_unpartitioned d JOIN events_unpartitioned e ON e.id = d.event_id;

INSERT INTO webhook_delivery_attempts (id, delivery_id, endpoint_id, started_at, duration_ms, status_code, error_class,
  response_body, trigger, event_created_at)
SELECT a.id, a.delivery_id, a.endpoint_id, a.started_at, a.duration_ms, a.status_code, a.error_class,
  a.response_body, a.trigger, e.created_at
FROM webhook_delivery_attempts_unpartitioned a
JOIN webhook_deliveries_unpartitioned d ON d.id = a.delivery_id
JOIN events_unpartitioned e ON e.id = d.event_id;

INSERT INTO event_dedup_keys (dedup_key, event_id, created_at)
SELECT dedup_key, id, created_at FROM events_unpartitioned WHERE dedup_key IS NOT NULL;

DROP TABLE "webhook_delivery_attempts_unpartitioned";
DROP TABLE "webhook_deliveries_unpartitioned";
DROP TABLE "event_attempts_unpartitioned";
DROP TABLE "events_unpartitioned";

-- 5. Keys and indexes, on the parents (each partition gets its own), with the names schema.prisma
-- gives them.
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY ("id", "created_at");
ALTER TABLE "event_attempts" ADD CONSTRAINT "event_attempts_pkey" PRIMARY KEY ("id", "event_created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id", "event_created_at");
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id", "event_created_at");

CREATE INDEX "events_created_at_id_idx" ON "events"("created_at", "id");
CREATE INDEX "events_status_created_at_id_idx" ON "events"("status", "created_at", "id");
CREATE INDEX "events_merchant_id_created_at_id_idx" ON "events"("merchant_id", "created_at", "id");
CREATE INDEX "events_terminal_id_created_at_id_idx" ON "events"("terminal_id", "created_at", "id");
CREATE INDEX "events_authorization_code_idx" ON "events"("authorization_code");
CREATE INDEX "events_retrieval_reference_number_idx" ON "events"("retrieval_reference_number");
CREATE INDEX "events_card_last4_created_at_id_idx" ON "events"("card_last4", "created_at", "id");
CREATE INDEX "events_acquirer_merchant_identifier_created_at_id_idx" ON "events"("acquirer_merchant_identifier", "created_at", "id");
CREATE INDEX "events_acquirer_terminal_identifier_created_at_id_idx" ON "events"("acquirer_terminal_identifier", "created_at", "id");
-- Hand-written ones of earlier migrations: the worker's queue and the partner identifiers.
CREATE INDEX "events_pending_queue_idx" ON "events" ("created_at", "id") WHERE "status" = 'pending';
CREATE INDEX "events_terminal_serial_number_idx" ON "events" ((data->>'terminalSerialNumber'), "created_at", "id");
CREATE INDEX "events_merchant_tax_id_idx" ON "events" ((upper(regexp_replace(data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g'))), "created_at", "id");

CREATE INDEX "event_attempts_event_id_started_at_idx" ON "event_attempts"("event_id", "started_at");
CREATE INDEX "event_dedup_keys_created_at_idx" ON "event_dedup_keys"("created_at");

CREATE INDEX "webhook_deliveries_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at", "id");
CREATE INDEX "webhook_deliveries_created_at_id_idx" ON "webhook_deliveries"("created_at", "id");
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_event_created_at_key" ON "webhook_deliveries"("event_id", "endpoint_id", "event_created_at");
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries"("endpoint_id", "next_attempt_at") WHERE "status" = 'pending';
CREATE INDEX "webhook_delivery_attempts_delivery_id_started_at_idx" ON "webhook_delivery_attempts"("delivery_id", "started_at");
CREATE INDEX "webhook_delivery_attempts_endpoint_id_started_at_idx" ON "webhook_delivery_attempts"("endpoint_id", "started_at");

-- 6. Foreign keys. ON UPDATE CASCADE carries a changed created_at down (and moves the rows to
-- the event's new month: PostgreSQL 15 and later run it as an update of the parent).
ALTER TABLE "event_attempts" ADD CONSTRAINT "event_attempts_event_id_event_created_at_fkey" FOREIGN KEY ("event_id", "event_created_at") REFERENCES "events"("id", "created_at") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "event_dedup_keys" ADD CONSTRAINT "event_dedup_keys_event_id_created_at_fkey" FOREIGN KEY ("event_id", "created_at") REFERENCES "events"("id", "created_at") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_event_created_at_fkey" FOREIGN KEY ("event_id", "event_created_at") REFERENCES "events"("id", "created_at") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_event_created_at_fkey" FOREIGN KEY ("delivery_id", "event_created_at") REFERENCES "webhook_deliveries"("id", "event_created_at") ON DELETE CASCADE ON UPDATE CASCADE;

-- 7. The triggers, as the latest versions of their functions (*_compact_event_body,
-- *_event_counts): a BEFORE row trigger on the parent is cloned onto every partition; the count
-- triggers stay statement-level on the parent, with transition tables over all partitions.
CREATE TRIGGER events_body BEFORE INSERT OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_set_body();
CREATE TRIGGER events_counts_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_insert();
CREATE TRIGGER events_counts_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_update();
CREATE TRIGGER events_counts_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_delete();

-- 8. Retention (EVENTS_RETENTION_MONTHS, lib/maintenance/event-retention.ts): every month whose
-- partitions end at or before cutoff goes, whole: its four partitions are dropped, never
-- deleted from row by row. What must go by rows is small or rare: the dedup keys of those months
-- (one short row per event, found by their created_at index) and the
-- overview's hourly counts and pending deltas of the dropped hours (so that the overview counts
-- what is still stored). Referenced partitions are detached before they are dropped.
CREATE FUNCTION drop_event_months_before(cutoff date) RETURNS SETOF text LANGUAGE plpgsql AS $$
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
END
$$;
