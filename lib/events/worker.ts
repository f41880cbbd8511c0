// The event worker inside the server process: drains the pending queue in batches (each one
// statement, process-events.ts), nudges the delivery worker when a batch queued deliveries,
// sleeps until nudged by an ingestion (or a short poll, for events ingested by other instances),
// and on shutdown finishes the batch it is in before resolving stop(). Nothing else: the periodic
// chores (partitions, the overview's counts, job resume, purges) run in their own loop
// (lib/maintenance/maintenance-schedule.ts), so none of them delays the queue.
import { PROCESS_BATCH, processPendingEvents } from "@/lib/events/process-events";
import { logger } from "@/lib/log";
import { nudgeDeliveryWorker } from "@/lib/webhooks/delivery-worker";

const POLL_MS = 250;
const BACKOFF_MS = 2_000;

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
  while (state.running) {
    try {
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
