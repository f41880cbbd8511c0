-- Background jobs get a lease (issue 19; lib/jobs/job-lease.ts): the instance running a job and
-- until when. One conditional UPDATE takes it, so of two instances resuming a job left running by
-- a stopped server exactly one runs it; every batch renews it in the transaction that commits the
-- batch's work and progress. Jobs running at the upgrade have no lease: any worker resumes them.
-- AlterTable
ALTER TABLE "event_retry_jobs" ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "leased_by" VARCHAR(64);

-- AlterTable
ALTER TABLE "webhook_recover_jobs" ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "leased_by" VARCHAR(64);

-- The event workers look for running jobs whose lease expired every few seconds: running jobs
-- are few among all the finished ones (hand-written: Prisma's schema cannot say "partial").
CREATE INDEX "event_retry_jobs_running_idx" ON "event_retry_jobs"("created_at") WHERE status = 'running';
CREATE INDEX "webhook_recover_jobs_running_idx" ON "webhook_recover_jobs"("created_at") WHERE status = 'running';
