// The event worker inside the server process: drains the pending queue in batches (and folds
// the overview's count deltas every few seconds, resumes background jobs whose lease expired,
// purges expired rows every minute, and keeps the month partitions: the months ahead created,
// the expired ones dropped), sleeps
// until nudged by an ingestion (or a short poll, for events ingested by other instances), and
// on shutdown finishes the batch it is in before resolving stop().
import { eventRetryJobKind } from "@/lib/events/bulk-retry";
import { ensureEventPartitions } from "@/lib/events/partitions";
import { PROCESS_BATCH, processPendingEvents } from "@/lib/events/process-events";
import { resumeExpiredJobs } from "@/lib/jobs/job-lease";
import { logger } from "@/lib/log";
import { dropExpiredEventMonths } from "@/lib/maintenance/event-retention";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired";
import { compactEventCounts } from "@/lib/stats/compact-event-counts";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { webhookRecoverJobKind } from "@/lib/webhooks/recover-webhook-endpoint";

const POLL_MS = 250;
const BACKOFF_MS = 2_000;
// How often the overview's count deltas are folded into the hourly rollup.
const COMPACT_EVERY_MS = 5_000;
// How often background jobs left by a stopped instance (lease expired) are looked for.
const JOBS_EVERY_MS = 5_000;
const JOB_KINDS = [eventRetryJobKind, webhookRecoverJobKind];
// How often expired rate-limit buckets and refresh tokens are removed.
const PURGE_EVERY_MS = 60_000;
// How often the months ahead are checked and expired months dropped (both usually do nothing:
// three months are created ahead, and a month expires once a month).
const PARTITIONS_EVERY_MS = 10 * 60_000;

type WorkerState = { running: boolean; wake?: () => void; loop?: Promise<void> };
const g = globalThis as unknown as { __pic_worker?: WorkerState };

function sleep(state: WorkerState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      state.wake = undefined;
      resolve();
    }
    state.wake = done;
  });
}

async function run(state: WorkerState): Promise<void> {
  let compactedAt = 0;
  let purgedAt = 0;
  let partitionedAt = 0;
  let jobsAt = 0;
  while (state.running) {
    try {
      if (Date.now() - partitionedAt > PARTITIONS_EVERY_MS) {
        partitionedAt = Date.now();
        await maintainEventPartitions();
      }
      if (Date.now() - compactedAt > COMPACT_EVERY_MS) {
        await compactEventCounts();
        compactedAt = Date.now();
      }
      if (Date.now() - jobsAt > JOBS_EVERY_MS) {
        jobsAt = Date.now();
        await resumeExpiredJobs(JOB_KINDS);
      }
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await purgeExpiredRows();
      }
      const processed = await processPendingEvents();
      if (processed.length > 0) nudgeDeliveryWorker();
      if (processed.length === PROCESS_BATCH) continue;
      await sleep(state, POLL_MS);
    } catch (error) {
      logger().warn(
        { err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        "event worker: batch failed, backing off",
      );
      await sleep(state, BACKOFF_MS);
    }
  }
}

async function maintainEventPartitions(): Promise<void> {
  const created = await ensureEventPartitions();
  const dropped = await dropExpiredEventMonths();
  if (created > 0 || dropped.length > 0) logger().info({ created, dropped }, "event worker: month partitions maintained");
}

export function startEventWorker(): void {
  if (g.__pic_worker?.running) return;
  const state: WorkerState = { running: true };
  g.__pic_worker = state;
  state.loop = run(state);
  logger().info("event worker started");
}

/** Wakes the worker now: an event was just stored. */
export function nudgeEventWorker(): void {
  g.__pic_worker?.wake?.();
}

/** Stops after the current batch (which commits or rolls back as a whole). */
export async function stopEventWorker(): Promise<void> {
  const state = g.__pic_worker;
  if (!state) return;
  state.running = false;
  state.wake?.();
  await state.loop;
  logger().info("event worker stopped");
}
