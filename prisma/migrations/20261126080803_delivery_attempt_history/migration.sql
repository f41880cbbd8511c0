-- A resend or a recover started a delivery's retry schedule over by setting attempt_count to 0,
-- so the count no longer matched the attempts listed (issue 23: "1 attempt" beside 4). The count
-- now only grows; schedule_offset holds the attempts made before the schedule last started over,
-- and the schedule counts from it (lib/webhooks/deliver-webhooks.ts).
-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "schedule_offset" INTEGER NOT NULL DEFAULT 0;

-- The webhook-signature header each attempt sent, shown with the attempt (HMACs, not the secret).
ALTER TABLE "webhook_delivery_attempts" ADD COLUMN "request_signature" VARCHAR(400);

-- Deliveries reset before this migration: their count becomes their recorded attempts, and what
-- the reset had dropped becomes the offset, so each keeps its place in the current schedule. (A
-- delivery in flight while this runs counts its unrecorded attempt once the attempt is recorded.)
UPDATE "webhook_deliveries" AS d
SET "schedule_offset" = a."n" - d."attempt_count", "attempt_count" = a."n"
FROM (
  SELECT "delivery_id", "event_created_at", count(*)::int AS "n"
  FROM "webhook_delivery_attempts"
  GROUP BY "delivery_id", "event_created_at"
) AS a
WHERE a."delivery_id" = d."id" AND a."event_created_at" = d."event_created_at" AND a."n" > d."attempt_count";
