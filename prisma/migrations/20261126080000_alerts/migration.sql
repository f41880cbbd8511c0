-- Alerts (issue 24, lib/alerts): the alerts, their operational webhooks, and the per-subject
-- hourly counts the silence rule learns from.

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "all_alerts" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "alerts" (
    "id" VARCHAR(20) NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "subject_type" VARCHAR(16) NOT NULL,
    "subject_id" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(64) NOT NULL DEFAULT '',
    "subject_key" VARCHAR(200) NOT NULL,
    "merchant_id" VARCHAR(64),
    "details" JSONB NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_deliveries" (
    "id" VARCHAR(20) NOT NULL,
    "alert_id" VARCHAR(20) NOT NULL,
    "endpoint_id" VARCHAR(20) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "body" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error_class" VARCHAR(32),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subject_hourly_counts" (
    "subject_type" VARCHAR(16) NOT NULL,
    "subject_id" VARCHAR(64) NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "merchant_id" VARCHAR(64),

    CONSTRAINT "subject_hourly_counts_pkey" PRIMARY KEY ("subject_type","subject_id","hour")
);

-- CreateTable
CREATE TABLE "alert_rolled_hours" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "rolled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_rolled_hours_pkey" PRIMARY KEY ("hour")
);

-- CreateIndex
CREATE INDEX "alerts_created_at_id_idx" ON "alerts"("created_at", "id");

-- CreateIndex
CREATE INDEX "alerts_merchant_id_created_at_id_idx" ON "alerts"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "alert_deliveries_alert_id_idx" ON "alert_deliveries"("alert_id");

-- CreateIndex
CREATE INDEX "alert_deliveries_endpoint_id_idx" ON "alert_deliveries"("endpoint_id");


-- AddForeignKey
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (Prisma's schema cannot say them):
-- One open alert per kind and subject: every instance may evaluate the rules, and the second
-- opening of the same alert finds this index's row (INSERT ... ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX "alerts_open_once" ON "alerts"("subject_key") WHERE "resolved_at" IS NULL;

-- The alert deliveries' queue: only the pending ones, oldest due first.
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries"("next_attempt_at") WHERE "status" = 'pending';

-- The silence rule's subjects of given hours (the same hour of the day on each history day), from
-- the index alone; also the range the old hours are forgotten by.
CREATE INDEX "subject_hourly_counts_hour_idx" ON "subject_hourly_counts"("subject_type", "hour") INCLUDE ("subject_id", "merchant_id");

-- The silence rule's profile of a subject: its hours read from the index alone (count and
-- last_at included), not from rows scattered over the table's pages (lib/alerts/rules/silence-rule.ts).
CREATE INDEX "subject_hourly_counts_profile_idx" ON "subject_hourly_counts"("subject_type", "subject_id", "hour") INCLUDE ("count", "last_at");
