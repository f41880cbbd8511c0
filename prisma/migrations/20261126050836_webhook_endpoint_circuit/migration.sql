-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "circuit_failed_probes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "circuit_opened_at" TIMESTAMPTZ(3),
ADD COLUMN     "circuit_probe_at" TIMESTAMPTZ(3),
ADD COLUMN     "consecutive_stalls" INTEGER NOT NULL DEFAULT 0;
