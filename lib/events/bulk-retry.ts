// Bulk retry: every failed event matching the list's filters processed again, as a background
// job with progress (as Svix's recover). The job walks the filter's failed events oldest first
// by keyset, 200 at a time, through the same processing statement as the worker (one statement
// per batch: claimed with SKIP LOCKED, so the worker or another retry never doubles an event),
// and records its position and counts after each batch. Capped at BULK_RETRY_CAP events; asking
// again with the same filters while a job runs answers that job (idempotent). A job left running
// by a stopped server resumes from its position when it is next read. Audited when started.
import "server-only";
import type { EventRetryJob } from "@/generated/prisma/client";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db, sql as runSql } from "@/lib/db/client";
import { statementName } from "@/lib/db/statement-name";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { notFound } from "@/lib/errors";
import { BULK_RETRY_CAP, type BulkRetryFilters, type RetryJobDto } from "@/lib/events/bulk-retry-schemas";
import { countMatchingEvents } from "@/lib/events/count-events";
import { type EventFilterQuery, eventKeysetWalk, literalLimit } from "@/lib/events/filter-conditions";
import { reprocessFailedEvents } from "@/lib/events/process-events";
import { newId, XID_PATTERN } from "@/lib/ids";
import { runJobOnce, settledJob } from "@/lib/jobs/in-process-jobs";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";

const BATCH = 200;

function toDto(job: EventRetryJob): RetryJobDto {
  return {
    id: job.id,
    filters: job.filters as Record<string, string>,
    status: job.status as RetryJobDto["status"],
    total: job.total,
    capped: job.capped,
    retried: job.retried,
    processed: job.processed,
    failed: job.failed,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

/** The filters as the events SQL takes them: always and only failed events. */
function failedEventsOf(filters: BulkRetryFilters): EventFilterQuery {
  return { ...filters, status: ["failed"] };
}

/** The same filters in any key order are the same job. */
function filterKeyOf(filters: BulkRetryFilters): string {
  return JSON.stringify(Object.fromEntries(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))));
}

async function nextBatch(job: EventRetryJob, limit: number): Promise<{ id: string; created_at: Date }[]> {
  const after = job.lastCreatedAt && job.lastId ? { createdAt: job.lastCreatedAt, id: job.lastId } : undefined;
  const filters = failedEventsOf(job.filters as BulkRetryFilters);
  const { where, values, order } = eventKeysetWalk({ ...filters, sort: "asc" }, after);
  const text = `SELECT e.id, e.created_at FROM events e ${where} ORDER BY ${order} LIMIT ${literalLimit(limit)}`;
  return (await runSql({ name: statementName("events_retry_walk", text), text, values })) as {
    id: string;
    created_at: Date;
  }[];
}

/** Retries the job's events batch by batch from its recorded position; resumable. */
function runJob(start: EventRetryJob): Promise<void> {
  return runJobOnce("event retry", start.id, async () => {
    let job = start;
    while (job.retried < job.total) {
      const batch = await nextBatch(job, Math.min(BATCH, job.total - job.retried));
      if (batch.length === 0) break;
      const outcomes = await reprocessFailedEvents(
        batch.map((row) => row.id),
        `retry:${job.createdBy}`.slice(0, 80),
      );
      const processed = outcomes.filter((o) => o.status === "processed").length;
      const last = batch[batch.length - 1] as { id: string; created_at: Date };
      job = await db().eventRetryJob.update({
        where: { id: job.id },
        data: {
          // Events someone else retried in between are walked past, not counted as retried.
          retried: { increment: outcomes.length },
          processed: { increment: processed },
          failed: { increment: outcomes.length - processed },
          lastCreatedAt: last.created_at,
          lastId: last.id,
        },
      });
      if (processed > 0) nudgeDeliveryWorker();
      if (batch.length < BATCH) break;
    }
    await db().eventRetryJob.update({ where: { id: job.id }, data: { status: "done", finishedAt: new Date() } });
  });
}

export async function startBulkRetry(options: {
  caller: Caller;
  filters: BulkRetryFilters;
  /** Tests take a small one; the API always BULK_RETRY_CAP. */
  cap?: number;
}): Promise<{ job: RetryJobDto; created: boolean }> {
  requirePermission(options.caller, "events:retry");
  const filterKey = filterKeyOf(options.filters);
  const running = await runningJobOf(filterKey);
  if (running) return { job: running, created: false };
  const { count, capped } = await countMatchingEvents(failedEventsOf(options.filters), options.cap ?? BULK_RETRY_CAP);
  let job: EventRetryJob;
  try {
    job = await createJob(options, filterKey, count, capped);
  } catch (error) {
    // The same filters asked twice at once: the unique index lets one job in; the other request
    // answers it (which may even have finished by now).
    if (!isUniqueViolation(error)) throw error;
    const raced = await db().eventRetryJob.findFirst({ where: { filterKey }, orderBy: { createdAt: "desc" } });
    if (!raced) throw error;
    if (raced.status === "running") void runJob(raced);
    return { job: toDto(raced), created: false };
  }
  void runJob(job);
  return { job: toDto(job), created: true };
}

async function runningJobOf(filterKey: string): Promise<RetryJobDto | undefined> {
  const running = await db().eventRetryJob.findFirst({ where: { filterKey, status: "running" } });
  if (!running) return undefined;
  void runJob(running);
  return toDto(running);
}

function createJob(
  options: { caller: Caller; filters: BulkRetryFilters },
  filterKey: string,
  count: number,
  capped: boolean,
): Promise<EventRetryJob> {
  return db().$transaction(async (tx) => {
    const created = await tx.eventRetryJob.create({
      data: {
        id: newId(),
        filters: options.filters,
        filterKey,
        total: count,
        capped,
        createdBy: options.caller.username,
      },
    });
    await recordAuditEntry(tx, {
      caller: options.caller,
      action: "event.bulk_retry",
      targetType: "event_retry_job",
      targetId: created.id,
      before: null,
      after: { filters: options.filters, total: count, capped },
    });
    return created;
  });
}

export async function getRetryJob(options: { caller: Caller; id: string }): Promise<RetryJobDto> {
  requirePermission(options.caller, "read");
  const job = XID_PATTERN.test(options.id) ? await db().eventRetryJob.findUnique({ where: { id: options.id } }) : null;
  if (!job) throw notFound("No retry job has this id.");
  if (job.status === "running") void runJob(job);
  return toDto(job);
}

/** Waits for a job started in this process (tests). */
export const settledRetryJob = settledJob;
