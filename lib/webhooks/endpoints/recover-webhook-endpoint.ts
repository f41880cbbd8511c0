// Recover (Svix's word): resend every failed delivery of an endpoint created since a time, as a
// background job with progress. Idempotent: asking again while a job for the same endpoint and
// time runs answers that job, and a finished job's deliveries are no longer failed, so a second
// run requeues only what has failed since. Deliveries that fail again after the job started
// (updated_at later than the job) are not taken twice. The job requeues in batches, each batch and
// its count in one transaction under the job's lease (lib/jobs/job-lease.ts: one instance runs
// it); a job left running by a stopped server is resumed by any instance's maintenance schedule
// once its lease expires (or when read after that).
import { jobOriginFields, jobStatusSchema, jobTimestamp } from "@/lib/jobs/job-schema";
import "server-only";
import { z } from "zod";
import type { WebhookRecoverJob } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { endpointWhere, tenantScope } from "@/lib/access/tenant-scope";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { isResumable, type JobKind, readJob, runLeasedJob, settledJob } from "@/lib/jobs/job-lease";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";
import { findEndpointToChange } from "@/lib/webhooks/endpoints/endpoint-write-scope";

const BATCH = 500;

export const recoverJobSchema = z.strictObject({
  id: z.string(),
  endpointId: z.string(),
  since: jobTimestamp,
  status: jobStatusSchema,
  total: z.int().nonnegative().describe("Failed deliveries found when the job started"),
  requeued: z.int().nonnegative().describe("Of those, how many are queued again so far"),
  ...jobOriginFields,
});
export type RecoverJobDto = z.output<typeof recoverJobSchema>;

function toDto(job: WebhookRecoverJob): RecoverJobDto {
  return {
    id: job.id,
    endpointId: job.endpointId,
    since: job.since.toISOString(),
    status: job.status as RecoverJobDto["status"],
    total: job.total,
    requeued: job.requeued,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

/** One batch of the job's deliveries requeued, and counted in the same transaction. */
export const webhookRecoverJobKind: JobKind = {
  name: "webhook recover",
  table: "webhook_recover_jobs",
  async step(tx, id) {
    const job = await tx.webhookRecoverJob.findUniqueOrThrow({ where: { id } });
    // status = 'failed' again outside the subquery: a row changed meanwhile is re-checked there.
    const requeued = await tx.$executeRaw`
      UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = clock_timestamp(), schedule_offset = attempt_count,
        updated_at = clock_timestamp()
      WHERE status = 'failed' AND id IN (SELECT id FROM webhook_deliveries
        WHERE endpoint_id = ${job.endpointId} AND status = 'failed' AND created_at >= ${job.since}
          AND updated_at <= ${job.createdAt}
        LIMIT ${BATCH})`;
    await tx.webhookRecoverJob.update({ where: { id }, data: { requeued: { increment: requeued } } });
    return { done: requeued < BATCH, afterCommit: requeued > 0 ? nudgeDeliveryWorker : undefined };
  },
};

const runJob = (job: WebhookRecoverJob) => runLeasedJob(webhookRecoverJobKind, job.id);

export async function recoverWebhookEndpoint(options: {
  caller: Caller;
  id: string;
  since: string;
}): Promise<{ job: RecoverJobDto; created: boolean }> {
  const { before: endpoint } = await findEndpointToChange(options.caller, options.id);
  const since = new Date(options.since);
  const running = await db().webhookRecoverJob.findFirst({
    where: { endpointId: endpoint.id, since, status: "running" },
  });
  if (running) {
    if (isResumable(running)) void runJob(running);
    return { job: toDto(running), created: false };
  }
  const createdAt = new Date();
  const total = await db().webhookDelivery.count({
    where: { endpointId: endpoint.id, status: "failed", createdAt: { gte: since }, updatedAt: { lte: createdAt } },
  });
  // Audited when a job starts (asking again while it runs is no new action).
  const job = await db().$transaction(async (tx) => {
    const created = await tx.webhookRecoverJob.create({
      data: { id: newId(), endpointId: endpoint.id, since, total, createdBy: options.caller.username, createdAt },
    });
    await recordAuditEntry(tx, {
      caller: options.caller,
      action: "webhook_endpoint.recover",
      targetId: endpoint.id,
      after: { jobId: created.id, since: since.toISOString(), failedDeliveries: total },
    });
    return created;
  });
  void runJob(job);
  return { job: toDto(job), created: true };
}

export async function getRecoverJob(options: { caller: Caller; id: string }): Promise<RecoverJobDto> {
  const scope = tenantScope(options.caller, "read");
  // A job is its endpoint's merchant's: another merchant's job is not found.
  const find = (id: string) => db().webhookRecoverJob.findFirst({ where: { id, endpoint: endpointWhere(scope) } });
  return toDto(await readJob(webhookRecoverJobKind, options.id, find, "No recover job has this id."));
}

/** Waits for a job started in this process (tests). */
export const settledRecoverJob = settledJob;
