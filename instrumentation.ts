// Runs once when the server starts: the metrics' observer of the domains' outcomes, the event
// worker and the maintenance schedule (WORKER_ENABLED), the webhook delivery worker, and the
// shutdown hook that scripts/server.mjs calls on SIGTERM (after in-flight requests are done); the
// health probes, which scripts/server.mjs answers before Next.js (lib/http/probes.ts).
// Tracing first, when configured (OTEL_EXPORTER_OTLP_ENDPOINT): its SDK is imported only then, so
// a server without it never loads it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ConfigurationError, env } = await import("@/lib/env");
  try {
    env();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // `npm start` refuses such a configuration before it builds or migrates; this covers a server
    // started another way (`node scripts/server.mjs`), which would otherwise keep listening and
    // answer every request with an empty 500.
    console.error(error.message);
    process.exit(1);
  }
  const tracing = env().tracing ? (await import("@/lib/tracing/start-tracing")).startTracing(env().tracing!) : undefined;
  // The domains report outcomes (lib/observe/outcomes.ts); /metrics counts them from here on.
  (await import("@/lib/metrics/count-outcomes")).countOutcomes();
  (globalThis as { __pic_probes?: unknown }).__pic_probes = (await import("@/lib/http/probes")).PROBES;
  const { closeDb } = await import("@/lib/db/client");
  const { startEventWorker, stopEventWorker } = await import("@/lib/events/process/worker");
  const { startMaintenance, stopMaintenance } = await import("@/lib/maintenance/maintenance-schedule");
  const { startDeliveryWorker, stopDeliveryWorker } = await import("@/lib/webhooks/delivery/delivery-worker");
  const { flushLogs } = await import("@/lib/log");
  if (env().workerEnabled) {
    startEventWorker();
    startMaintenance();
  }
  if (env().webhooks.workerEnabled) startDeliveryWorker();
  (globalThis as { __pic_shutdown?: () => Promise<void> }).__pic_shutdown = async () => {
    await stopEventWorker();
    await stopMaintenance();
    await stopDeliveryWorker();
    await closeDb();
    await tracing?.shutdown();
    flushLogs();
  };
}
