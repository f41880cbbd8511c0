-- Two payments taken for one (issue 19): NSUs repeat (Cielo's has 6 digits), so two approved
-- authorizations on one terminal can share acquirer, MID, TID, RRN, type, status and amount, and
-- the second was answered as a duplicate of the first and never stored. The key now also holds
-- what a repeat of the same notification keeps and two payments differ in: the authorization
-- code, the card's BIN and last 4, the payment method, installments and currency, a null part
-- being empty (lib/events/event-columns.ts, dedupKeyOf, builds the same text). Existing keys are
-- extended the same way in both places they live, which cannot make two distinct keys equal (each
-- keeps its old text as a prefix, and no part holds "|"). The longest key is 270 characters:
-- VARCHAR(300) holds it. On a large table these UPDATEs rewrite every keyed row once: run them in
-- batches of ids there.
UPDATE "event_dedup_keys" AS k
SET "dedup_key" = k."dedup_key"
  || '|' || coalesce(e."data"->>'authorizationCode', '')
  || '|' || coalesce(e."data"#>>'{cardData,bin}', '')
  || '|' || coalesce(e."data"#>>'{cardData,last4}', '')
  || '|' || coalesce(e."data"->>'paymentMethod', '')
  || '|' || coalesce(e."data"->>'installments', '')
  || '|' || coalesce(e."data"->>'currency', '')
FROM "events" AS e
WHERE e."id" = k."event_id" AND e."created_at" = k."created_at" AND e."dedup_key" = k."dedup_key";

UPDATE "events"
SET "dedup_key" = "dedup_key"
  || '|' || coalesce("data"->>'authorizationCode', '')
  || '|' || coalesce("data"#>>'{cardData,bin}', '')
  || '|' || coalesce("data"#>>'{cardData,last4}', '')
  || '|' || coalesce("data"->>'paymentMethod', '')
  || '|' || coalesce("data"->>'installments', '')
  || '|' || coalesce("data"->>'currency', '')
WHERE "dedup_key" IS NOT NULL;
