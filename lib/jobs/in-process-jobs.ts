// Background jobs run inside the server process (bulk retry, webhook recover): one run at a time
// per job id in this process, whatever number of requests ask for it; a failed run is logged and
// left for the next request to resume (each job records its own progress in its row).
import "server-only";
import { logger } from "@/lib/log";

const running = new Map<string, Promise<void>>();

/** Starts `work` for the job unless it already runs here; resolves when that run ends. */
export function runJobOnce(kind: string, id: string, work: () => Promise<void>): Promise<void> {
  const existing = running.get(id);
  if (existing) return existing;
  const run = (async () => {
    try {
      await work();
    } catch (error) {
      logger().warn({ jobId: id, err: { name: (error as Error).name } }, `${kind} job interrupted`);
    } finally {
      running.delete(id);
    }
  })();
  running.set(id, run);
  return run;
}

/** Waits for a job's run in this process, if any (tests). */
export async function settledJob(id: string): Promise<void> {
  await running.get(id);
}
