// Runs once when the server starts: the event worker, and the shutdown hook that
// scripts/server.mjs calls on SIGTERM (after in-flight requests are done).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  const { closeDb } = await import("@/lib/db/client");
  const { startEventWorker, stopEventWorker } = await import("@/lib/events/worker");
  const { flushLogs } = await import("@/lib/log");
  if (env().workerEnabled) startEventWorker();
  (globalThis as { __pic_shutdown?: () => Promise<void> }).__pic_shutdown = async () => {
    await stopEventWorker();
    await closeDb();
    flushLogs();
  };
}
