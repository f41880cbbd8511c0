// Runs once when the server starts: the event and webhook delivery workers, and the shutdown hook that
// scripts/server.mjs calls on SIGTERM (after in-flight requests are done).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  const { closeDb } = await import("@/lib/db/client");
  const { startEventWorker, stopEventWorker } = await import("@/lib/events/worker");
  const { startDeliveryWorker, stopDeliveryWorker } = await import("@/lib/webhooks/delivery-worker");
  const { flushLogs } = await import("@/lib/log");
  if (env().workerEnabled) startEventWorker();
  if (env().webhooks.workerEnabled) startDeliveryWorker();
  (globalThis as { __pic_shutdown?: () => Promise<void> }).__pic_shutdown = async () => {
    await stopEventWorker();
    await stopDeliveryWorker();
    await closeDb();
    flushLogs();
  };
}
