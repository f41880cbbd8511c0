-- Merchants are tenants (issue 21): merchant accounts and the owner of each event.
-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'merchant';

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "owner_merchant_id" VARCHAR(64);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "merchant_id" VARCHAR(20);

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_recover_jobs" ADD CONSTRAINT "webhook_recover_jobs_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand from here.
-- A merchant account belongs to a merchant and no other account does. role::text: the enum's new
-- value cannot be used in the transaction that adds it (PostgreSQL 15).
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_iff_merchant_role"
  CHECK ((role::text = 'merchant') = (merchant_id IS NOT NULL));

-- Whose event it is (lib/auth/tenant-scope.ts): each decision sets it to the matched credential's
-- merchant, else the merchant the notification names (lib/events/decision-sql.ts); a row stored
-- pending, before any decision (single ingestion, the demo loaders), gets the named merchant here.
-- A trigger of its own beside events_body (a BEFORE row trigger on the parent is cloned onto
-- every partition), so that no writer has to know.
CREATE FUNCTION events_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_merchant_id := COALESCE(NEW.owner_merchant_id, NEW.merchant_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER events_owner BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_set_owner();

-- Events stored before this migration: the merchant of the credential their last processed
-- attempt matched, else the named one. (Every row is written once: on a large table, run it in
-- batches before deploying instead.)
UPDATE events e SET owner_merchant_id = COALESCE((
  SELECT cr.merchant_id FROM event_attempts a JOIN credentials cr ON cr.id = a.credential_id
  WHERE a.event_id = e.id AND a.event_created_at = e.created_at AND a.outcome = 'processed'
  ORDER BY a.started_at DESC LIMIT 1
), e.merchant_id);

-- CreateIndex (after the rows are written: one build instead of an update per row)
CREATE INDEX "events_owner_merchant_id_created_at_id_idx" ON "events"("owner_merchant_id", "created_at", "id");
