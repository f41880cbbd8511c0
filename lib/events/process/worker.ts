// The event worker inside the server process: drains the pending queue in batches (each one
// statement, process-events.ts), nudges the delivery worker when a batch queued deliveries,
// sleeps until nudged by an ingestion (or a short poll, for events ingested by other instances),
// and on shutdown finishes the batch it is in before resolving stop(). Nothing else: the periodic
// chores (partitions, the overview's counts, job resume, purges) run in their own loop
// (lib/maintenance/maintenance-schedule.ts), so none of them delays the queue. A batch short of
// full found the queue empty: the worker is idle (whenEventWorkerIdle, for tests and benchmarks).
import { backgroundLoop } from "@/lib/background-loop";
import { PROCESS_BATCH, processPendingEvents } from "@/lib/events/process/process-events";
import { logger } from "@/lib/log";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery/delivery-worker";

const POLL_MS = 250;
const BACKOFF_MS = 2_000;

const loop = backgroundLoop("event worker", async ({ running, sleep, idle }) => {
  while (running()) {
    try {
      const processed = await processPendingEvents();
      if (processed.length > 0) nudgeDeliveryWorker();
      if (processed.length === PROCESS_BATCH) continue;
      idle();
      await sleep(POLL_MS);
    } catch (error) {
      logger().warn(
        { err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
        "event worker: batch failed, backing off",
      );
      await sleep(BACKOFF_MS);
    }
  }
});

export const startEventWorker = loop.start;

/** Wakes the worker now: an event was just stored. */
export const nudgeEventWorker = loop.wake;

/** Resolves once a batch that began after this call found no pending event left. */
export const whenEventWorkerIdle = loop.whenIdle;

/** Stops after the current batch (which commits or rolls back as a whole). */
export const stopEventWorker = loop.stop;
