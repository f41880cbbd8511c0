-- CreateTable
CREATE TABLE "event_retry_jobs" (
    "id" VARCHAR(20) NOT NULL,
    "filters" JSONB NOT NULL,
    "filter_key" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL,
    "capped" BOOLEAN NOT NULL,
    "retried" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "last_created_at" TIMESTAMPTZ(3),
    "last_id" VARCHAR(20),
    "created_by" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_retry_jobs_pkey" PRIMARY KEY ("id")
);

-- One running job per filter (hand-written: Prisma's schema cannot say "partial"); a second
-- request racing the first gets a unique violation and answers the running job.
CREATE UNIQUE INDEX "event_retry_jobs_running_filter_key" ON "event_retry_jobs"("filter_key") WHERE status = 'running';
