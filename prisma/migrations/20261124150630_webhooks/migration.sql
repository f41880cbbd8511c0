-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" VARCHAR(20) NOT NULL,
    "merchant_id" VARCHAR(20) NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "event_types" VARCHAR(64)[] DEFAULT ARRAY[]::VARCHAR(64)[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "rate_limit" INTEGER,
    "secret_ciphertext" BYTEA NOT NULL,
    "secret_key_version" INTEGER NOT NULL,
    "previous_secret_ciphertext" BYTEA,
    "previous_secret_key_version" INTEGER,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "secret_rotated_at" TIMESTAMPTZ(3),
    "disabled_reason" VARCHAR(200),
    "failing_since" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
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

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
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

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_recover_jobs" (
    "id" VARCHAR(20) NOT NULL,
    "endpoint_id" VARCHAR(20) NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL DEFAULT 0,
    "requeued" INTEGER NOT NULL DEFAULT 0,
    "created_by" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_recover_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_merchant_id_created_at_id_idx" ON "webhook_endpoints"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_created_at_id_idx" ON "webhook_endpoints"("created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_created_at_id_idx" ON "webhook_deliveries"("created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_key" ON "webhook_deliveries"("event_id", "endpoint_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_delivery_id_started_at_idx" ON "webhook_delivery_attempts"("delivery_id", "started_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_endpoint_id_started_at_idx" ON "webhook_delivery_attempts"("endpoint_id", "started_at");

-- CreateIndex
CREATE INDEX "webhook_recover_jobs_endpoint_id_created_at_idx" ON "webhook_recover_jobs"("endpoint_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The delivery queue, per endpoint: its due pending deliveries, oldest due first (hand-written:
-- a partial index). The claim probes it once per endpoint, so one endpoint's backlog is never
-- scanned to find another's due deliveries.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries"("endpoint_id", "next_attempt_at") WHERE "status" = 'pending';
-- The outbox join: a merchant's enabled endpoints.
CREATE INDEX "webhook_endpoints_enabled_merchant_idx" ON "webhook_endpoints"("merchant_id") WHERE "enabled";
