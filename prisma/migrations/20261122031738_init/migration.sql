-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'operator', 'viewer', 'ingest');

-- CreateTable
CREATE TABLE "users" (
    "id" VARCHAR(20) NOT NULL,
    "username" VARCHAR(64) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "credentials_epoch" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_families" (
    "id" VARCHAR(20) NOT NULL,
    "user_id" VARCHAR(20) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" VARCHAR(32),

    CONSTRAINT "refresh_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" VARCHAR(20) NOT NULL,
    "family_id" VARCHAR(20) NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "spent_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "providers" (
    "id" VARCHAR(20) NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "display_name" TEXT NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "authentication_fields" JSONB NOT NULL,
    "additional_data_fields" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "merchants" (
    "id" VARCHAR(20) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "tax_id" VARCHAR(14) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "merchants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credentials" (
    "id" VARCHAR(20) NOT NULL,
    "merchant_id" VARCHAR(20) NOT NULL,
    "provider_id" VARCHAR(20) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'connected',
    "test_mode" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "subacquirer_id" VARCHAR(64) NOT NULL,
    "authentication_ciphertext" BYTEA NOT NULL,
    "authentication_key_version" INTEGER NOT NULL,
    "acquirer_merchant_identifier" VARCHAR(64),
    "acquirer_terminal_identifier" VARCHAR(64),
    "additional_data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
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
    "retrieval_reference_number" VARCHAR(32),
    "card_last4" VARCHAR(4),
    "dedup_key" VARCHAR(200),
    "failure_reason" VARCHAR(64),
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_attempts" (
    "id" VARCHAR(20) NOT NULL,
    "event_id" VARCHAR(20) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "failure_reason" VARCHAR(64),
    "credential_id" VARCHAR(20),
    "trigger" VARCHAR(80) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" VARCHAR(20) NOT NULL,
    "actor_id" VARCHAR(20),
    "actor_username" VARCHAR(64) NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "target_type" VARCHAR(32) NOT NULL,
    "target_id" VARCHAR(64) NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" VARCHAR(20) NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "request_hash" VARCHAR(128) NOT NULL,
    "response_status" INTEGER,
    "response_headers" JSONB,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" VARCHAR(200) NOT NULL,
    "count" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE INDEX "refresh_families_user_id_idx" ON "refresh_families"("user_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE UNIQUE INDEX "providers_name_key" ON "providers"("name");

-- CreateIndex
CREATE UNIQUE INDEX "merchants_tax_id_key" ON "merchants"("tax_id");

-- CreateIndex
CREATE INDEX "merchants_created_at_id_idx" ON "merchants"("created_at", "id");

-- CreateIndex
CREATE INDEX "credentials_created_at_id_idx" ON "credentials"("created_at", "id");

-- CreateIndex
CREATE INDEX "credentials_merchant_id_created_at_id_idx" ON "credentials"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "credentials_provider_id_acquirer_merchant_identifier_acquir_idx" ON "credentials"("provider_id", "acquirer_merchant_identifier", "acquirer_terminal_identifier");

-- CreateIndex
CREATE UNIQUE INDEX "events_dedup_key_key" ON "events"("dedup_key");

-- CreateIndex
CREATE INDEX "events_created_at_id_idx" ON "events"("created_at", "id");

-- CreateIndex
CREATE INDEX "events_status_created_at_id_idx" ON "events"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_type_created_at_id_idx" ON "events"("type", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_merchant_id_created_at_id_idx" ON "events"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_terminal_id_created_at_id_idx" ON "events"("terminal_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_acquirer_name_created_at_id_idx" ON "events"("acquirer_name", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_transaction_status_created_at_id_idx" ON "events"("transaction_status", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_payment_method_created_at_id_idx" ON "events"("payment_method", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_authorization_code_idx" ON "events"("authorization_code");

-- CreateIndex
CREATE INDEX "events_retrieval_reference_number_idx" ON "events"("retrieval_reference_number");

-- CreateIndex
CREATE INDEX "events_card_last4_created_at_id_idx" ON "events"("card_last4", "created_at", "id");

-- CreateIndex
CREATE INDEX "event_attempts_event_id_started_at_idx" ON "event_attempts"("event_id", "started_at");

-- CreateIndex
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log"("created_at", "id");

-- CreateIndex
CREATE INDEX "audit_log_target_type_target_id_created_at_idx" ON "audit_log"("target_type", "target_id", "created_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_expires_at_idx" ON "rate_limit_buckets"("expires_at");

-- AddForeignKey
ALTER TABLE "refresh_families" ADD CONSTRAINT "refresh_families_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "refresh_families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_attempts" ADD CONSTRAINT "event_attempts_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
