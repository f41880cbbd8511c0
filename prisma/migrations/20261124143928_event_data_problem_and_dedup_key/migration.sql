-- A notification's identity is its acquirer, MID, TID and RRN/NSU AND what it says of that
-- transaction: a void, a reversal or a capture carries the RRN of the authorization it acts on,
-- and was lost as a "duplicate" of it when the key stopped at the RRN. The key now ends with the
-- transaction type, status and amount (lib/events/event-columns.ts); existing keys are extended
-- the same way, which cannot make two distinct keys equal.
-- On a large table this UPDATE rewrites every row once: run it in batches of ids there.
ALTER TABLE "events" ADD COLUMN     "data_problem" VARCHAR(64),
ALTER COLUMN "dedup_key" SET DATA TYPE VARCHAR(300),
-- PagSeguro's transaction code, sent as the RRN, is a 36-character UUID.
ALTER COLUMN "retrieval_reference_number" SET DATA TYPE VARCHAR(40);

UPDATE "events"
SET "dedup_key" = "dedup_key" || '|' || ("data"->>'transactionType') || '|' || ("data"->>'transactionStatus') || '|' || ("data"->>'amount')
WHERE "dedup_key" IS NOT NULL;
