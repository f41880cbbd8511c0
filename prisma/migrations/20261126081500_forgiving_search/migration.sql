-- Written by hand (issue 23, "search that forgives"): merchant names found in any case and
-- without their accents, the acquirer's identifiers found by their beginning in any case.
--
-- search_fold(): accents dropped and ASCII letters lower-cased by one translate(), the same two
-- strings as lib/search/fold-text.ts (which folds what a user types). Not unaccent(): the
-- embedded database (PGlite) would need the extension loaded by the app, and lower() depends on
-- each database's locale; translate() gives one answer on PostgreSQL 15, PGlite and in Node.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(t, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŸABCDEFGHIJKLMNOPQRSTUVWXYZ',
                      'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyyabcdefghijklmnopqrstuvwxyz')
$$;

-- The merchant's name folded, kept by a trigger (whatever a writer passes), so that the merchants
-- list (Prisma) and the events' merchant_name filter (SQL) compare folded text with folded text.
ALTER TABLE "merchants" ADD COLUMN "search_name" VARCHAR(200) NOT NULL DEFAULT '';

CREATE FUNCTION merchants_set_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  RETURN NEW;
END
$$;

CREATE TRIGGER merchants_search_name BEFORE INSERT OR UPDATE ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchants_set_search_name();

UPDATE merchants SET search_name = search_fold(name);

-- The identifiers by their beginning, in any case: a range over the upper-cased value in byte
-- order (COLLATE "C", so that the range is a prefix whatever the database's collation), the same
-- expressions as lib/events/event-filter-table.ts. They replace the exact-value indexes, which
-- the new ones also serve (an exact value is the narrowest range); created on the partitioned
-- parent, so every month has its own. The MID and TID indexes INCLUDE the column itself: a page
-- of a search first reads the matching positions (created_at, id) by an index-only scan, which
-- PostgreSQL plans for an expression index only when the expression's column is in it too, and
-- only then fetches the page's rows (lib/events/list-events.ts).
DROP INDEX "events_acquirer_merchant_identifier_created_at_id_idx";
DROP INDEX "events_acquirer_terminal_identifier_created_at_id_idx";
DROP INDEX "events_terminal_serial_number_idx";
DROP INDEX "events_authorization_code_idx";
DROP INDEX "events_retrieval_reference_number_idx";
CREATE INDEX "events_mid_prefix_idx" ON "events" ((upper("acquirer_merchant_identifier") COLLATE "C"), "created_at", "id")
  INCLUDE ("acquirer_merchant_identifier");
CREATE INDEX "events_tid_prefix_idx" ON "events" ((upper("acquirer_terminal_identifier") COLLATE "C"), "created_at", "id")
  INCLUDE ("acquirer_terminal_identifier");
CREATE INDEX "events_serial_number_prefix_idx" ON "events" ((upper(data->>'terminalSerialNumber') COLLATE "C"), "created_at", "id");
CREATE INDEX "events_authorization_code_prefix_idx" ON "events" ((upper("authorization_code") COLLATE "C"));
CREATE INDEX "events_rrn_prefix_idx" ON "events" ((upper("retrieval_reference_number") COLLATE "C"));

-- An expression index has statistics of its own, gathered only by ANALYZE: without them a
-- beginning is estimated at half a percent of the rows and q's five ranges look like most of the
-- table, so the plan walks every event instead of reading the five indexes.
ANALYZE events;
