-- CreateTable
CREATE TABLE "event_hourly_counts" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "failure_reason" VARCHAR(64) NOT NULL DEFAULT '',
    "count" BIGINT NOT NULL,

    CONSTRAINT "event_hourly_counts_pkey" PRIMARY KEY ("hour","status","failure_reason")
);

-- CreateTable
CREATE TABLE "event_count_deltas" (
    "id" BIGSERIAL NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "failure_reason" VARCHAR(64) NOT NULL DEFAULT '',
    "delta" INTEGER NOT NULL,

    CONSTRAINT "event_count_deltas_pkey" PRIMARY KEY ("id")
);

-- Written by hand: the triggers that keep event counts (see schema.prisma, EventHourlyCount).
-- Statement-level with transition tables, so a batch of a thousand rows adds a few delta rows.
CREATE FUNCTION event_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_count_deltas (hour, status, failure_reason, delta)
  SELECT date_trunc('hour', created_at, 'UTC'), status, coalesce(failure_reason, ''), count(*)
  FROM new_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;

CREATE FUNCTION event_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_count_deltas (hour, status, failure_reason, delta)
  SELECT hour, status, reason, sum(d) FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS hour, status, coalesce(failure_reason, '') AS reason, -1 AS d FROM old_rows
    UNION ALL
    SELECT date_trunc('hour', created_at, 'UTC'), status, coalesce(failure_reason, ''), 1 FROM new_rows
  ) changes
  GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION event_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_count_deltas (hour, status, failure_reason, delta)
  SELECT date_trunc('hour', created_at, 'UTC'), status, coalesce(failure_reason, ''), -count(*)
  FROM old_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_counts_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_insert();
CREATE TRIGGER events_counts_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_update();
CREATE TRIGGER events_counts_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_after_delete();

-- Events stored before this migration.
INSERT INTO event_hourly_counts (hour, status, failure_reason, count)
SELECT date_trunc('hour', created_at, 'UTC'), status, coalesce(failure_reason, ''), count(*)
FROM events GROUP BY 1, 2, 3;
