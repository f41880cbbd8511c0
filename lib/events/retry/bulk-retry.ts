// Bulk retry: every failed event matching the list's filters processed again, as a background
// job with progress (as Svix's recover). The job walks the filter's failed events oldest first
// by keyset, 200 at a time, through the same processing statement as the worker (one statement
// per batch: claimed with SKIP LOCKED, so the worker or another retry never doubles an event),
// and records its position and counts in the same transaction as each batch (lib/jobs/job-lease.ts:
// one instance holds the job's lease; a resumed job never counts a batch twice). Capped at
// BULK_RETRY_CAP events; asking again with the same filters while a job runs answers that job
// (idempotent). A job left running by a stopped server is resumed by any instance's maintenance
// schedule once its lease expires (or when read after that). Audited when started.
import "server-only";
import type { EventRetryJob } from "@/generated/prisma/client";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { EVERY_MERCHANT } from "@/lib/access/tenant-scope";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { type EventFilterQuery, eventKeysetWalk, literalLimit } from "@/lib/events/list/filter-conditions";
import { reprocessFailedEvents } from "@/lib/events/process/process-events";
import { BULK_RETRY_CAP, type BulkRetryFilters, type RetryJobDto } from "@/lib/events/retry/bulk-retry-schemas";
import { countMatchingEvents } from "@/lib/events/retry/count-events";
import { newId } from "@/lib/ids";
import { isResumable, type JobKind, type JobTransaction, readJob, runLeasedJob, settledJob } from "@/lib/jobs/job-lease";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";

const BATCH = 200;

function toDto(job: EventRetryJob): RetryJobDto {
  return {
    id: job.id,
    // A set of values (failure_reason=a,b, parsed into a list) is shown as the query wrote it.
    filters: Object.fromEntries(
      Object.entries(job.filters as Record<string, string | string[]>).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(",") : value,
      ]),
    ),
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

async function nextBatch(tx: JobTransaction, job: EventRetryJob, limit: number): Promise<{ id: string; created_at: Date }[]> {
  const after = job.lastCreatedAt && job.lastId ? { createdAt: job.lastCreatedAt, id: job.lastId } : undefined;
  const filters = failedEventsOf(job.filters as BulkRetryFilters);
  // Staff only (events:retry): a job walks every merchant's events.
  const { where, values, order } = eventKeysetWalk({ ...filters, sort: "asc" }, after, EVERY_MERCHANT);
  const text = `SELECT e.id, e.created_at FROM events e ${where} ORDER BY ${order} LIMIT ${literalLimit(limit)}`;
  return tx.$queryRawUnsafe<{ id: string; created_at: Date }[]>(text, ...values);
}

/** One batch from the job's recorded position, its progress written in the same transaction. */
export const eventRetryJobKind: JobKind = {
  name: "event retry",
  table: "event_retry_jobs",
  async step(tx, id) {
    const job = await tx.eventRetryJob.findUniqueOrThrow({ where: { id } });
    if (job.retried >= job.total) return { done: true };
    const batch = await nextBatch(tx, job, Math.min(BATCH, job.total - job.retried));
    if (batch.length === 0) return { done: true };
    const outcomes = await reprocessFailedEvents(
      batch.map((row) => row.id),
      `retry:${job.createdBy}`.slice(0, 80),
      tx,
    );
    const processed = outcomes.filter((o) => o.status === "processed").length;
    const last = batch[batch.length - 1] as { id: string; created_at: Date };
    await tx.eventRetryJob.update({
      where: { id },
      data: {
        // Events someone else retried in between are walked past, not counted as retried.
        retried: { increment: outcomes.length },
        processed: { increment: processed },
        failed: { increment: outcomes.length - processed },
        lastCreatedAt: last.created_at,
        lastId: last.id,
      },
    });
    return {
      done: batch.length < BATCH || job.retried + outcomes.length >= job.total,
      afterCommit: processed > 0 ? nudgeDeliveryWorker : undefined,
    };
  },
};

const runJob = (job: EventRetryJob) => runLeasedJob(eventRetryJobKind, job.id);

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
  const { count, capped } = await countMatchingEvents(
    failedEventsOf(options.filters),
    options.cap ?? BULK_RETRY_CAP,
    EVERY_MERCHANT,
  );
  let job: EventRetryJob;
  try {
    job = await createJob(options, filterKey, count, capped);
  } catch (error) {
    // The same filters asked twice at once: the unique index lets one job in; the other request
    // answers it (which may even have finished by now).
    if (!isUniqueViolation(error)) throw error;
    const raced = await db().eventRetryJob.findFirst({ where: { filterKey }, orderBy: { createdAt: "desc" } });
    if (!raced) throw error;
    if (isResumable(raced)) void runJob(raced);
    return { job: toDto(raced), created: false };
  }
  void runJob(job);
  return { job: toDto(job), created: true };
}

async function runningJobOf(filterKey: string): Promise<RetryJobDto | undefined> {
  const running = await db().eventRetryJob.findFirst({ where: { filterKey, status: "running" } });
  if (!running) return undefined;
  if (isResumable(running)) void runJob(running);
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
      targetId: created.id,
      after: { filters: options.filters, total: count, capped },
    });
    return created;
  });
}

export async function getRetryJob(options: { caller: Caller; id: string }): Promise<RetryJobDto> {
  requirePermission(options.caller, "read");
  const find = (id: string) => db().eventRetryJob.findUnique({ where: { id } });
  return toDto(await readJob(eventRetryJobKind, options.id, find, "No retry job has this id."));
}

/** Waits for a job started in this process (tests). */
export const settledRetryJob = settledJob;
