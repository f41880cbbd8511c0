-- Written by hand: the events list's response_code and decline_class filters (the expressions of
-- lib/events/event-filter-sql.ts). The code lives only in the stored JSON, so without an index a
-- rare code walked every event of the period to find a page, and a period without any walked
-- all of it (1.6 s for 300,000 demo events). Both indexes are created on the partitioned parent,
-- so every month has its own.
--
-- The code upper-cased in byte order (COLLATE "C"), so that the ranges between the ABECS table's
-- codes, which decline_class=unknown reads, are the same whatever the database's collation.
--
-- response_code: one code's events in keyset order, read from its own entries.
CREATE INDEX "events_response_code_idx" ON "events" ((upper(data->>'acquirerResponseCode') COLLATE "C"), "created_at", "id");
-- decline_class: the declined transactions' codes only (a few percent of the events), so that
-- unknown (a code the table lacks, or none) reads the declines in the ranges between the
-- table's codes, not every approval carrying a code of another scheme (Stone's 0000). Both
-- indexes share the expression, so the planner estimates those ranges from the statistics of
-- every event's codes, which say they are rare (300,000 demo events: 2 ms for a page of none,
-- where walking the period took 1.6 s). The table's 00 bounds a range and is in none: a range
-- holding the approvals' 00 would look like most of the table, and unknown would walk it.
CREATE INDEX "events_decline_code_idx" ON "events" ((upper(data->>'acquirerResponseCode') COLLATE "C"), "created_at", "id")
  WHERE "transaction_status" = 'denied';

-- An expression index has statistics of its own, gathered only by ANALYZE: without them a code is
-- estimated at half a percent of the rows, whatever it is.
ANALYZE events;
