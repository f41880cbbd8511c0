// The server's periodic chores, in a loop of their own beside the two workers (the event worker
// drains events, the delivery worker sends webhooks): the month partitions kept (the months ahead
// created, the expired ones dropped), the overview's count deltas folded, background jobs whose
// lease expired resumed, expired rows purged, the alert rules evaluated and their webhooks sent,
// late notifications' missing sales closed.
// Started with the event worker (WORKER_ENABLED) by instrumentation.ts; one chore at a time, each
// on its own clock, so a slow or failing chore neither delays the queues nor the other chores.
// stop() waits for the chore in progress.
import "server-only";
import { deliverDueAlerts } from "@/lib/alert-delivery/deliver-alerts";
import { evaluateAlerts } from "@/lib/alerts/evaluate-alerts";
import { backgroundLoop } from "@/lib/background-loop";
import { env } from "@/lib/env";
import { dropExpiredEventMonths } from "@/lib/events/retention/event-retention";
import { ensureEventPartitions } from "@/lib/events/retention/partitions";
import { eventRetryJobKind } from "@/lib/events/retry/bulk-retry";
import { type JobKind, resumeExpiredJobs } from "@/lib/jobs/job-lease";
import { logger } from "@/lib/log";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired";
import { closeLateNotifications } from "@/lib/reconciliation/close-late-notifications";
import { compactEventCounts } from "@/lib/stats/compact-event-counts";
import { webhookRecoverJobKind } from "@/lib/webhooks/endpoints/recover-webhook-endpoint";

type Chore = {
  name: string;
  /** From the end of one run to the next. */
  everyMs: number;
  /** After a failure, when other than everyMs. */
  retryMs?: number;
  run: () => Promise<unknown>;
};

/**
 * Every kind of background job (lib/jobs/job-lease.ts): a job of these kinds left by a stopped
 * instance is resumed here. A new kind of job is added to this list.
 */
export const JOB_KINDS: JobKind[] = [eventRetryJobKind, webhookRecoverJobKind];

// Run in this order when several are due (all are at start-up).
const CHORES: Chore[] = [
  // Both usually do nothing: three months are created ahead, and a month expires once a month.
  { name: "event partitions", everyMs: 10 * 60_000, run: maintainEventPartitions },
  // The overview reads the hourly rollup plus the deltas not folded yet: folded often, retried soon.
  { name: "event counts", everyMs: 5_000, retryMs: 2_000, run: compactEventCounts },
  // A job whose instance stopped is resumed within the lease (30 s) and this look.
  { name: "expired job leases", everyMs: 5_000, run: () => resumeExpiredJobs(JOB_KINDS) },
  // Rate-limit buckets, refresh tokens and families past their expiry.
  { name: "expired rows", everyMs: 60_000, run: purgeExpiredRows },
  // The alert rules (lib/alerts, docs/operations.md "Alerts"), every ALERT_EVALUATION_INTERVAL_MS.
  {
    name: "alert rules",
    // A getter: the configuration is read on first use, never at import (next build has none).
    get everyMs() {
      return env().alerts.intervalMs;
    },
    retryMs: 5_000,
    run: () => evaluateAlerts(),
  },
  // Their operational webhooks: a few rows, claimed every second and sent without holding the schedule.
  { name: "alert webhooks", everyMs: 1_000, run: () => deliverDueAlerts({ wait: false }) },
  // Late notifications close their missing sales after their commit, not in it (lib/reconciliation).
  { name: "late notifications", everyMs: 1_000, run: closeLateNotifications },
];

// The loop's shortest sleep, so that a chore due again at once cannot spin it.
const MIN_SLEEP_MS = 250;

async function maintainEventPartitions(): Promise<void> {
  const created = await ensureEventPartitions();
  const dropped = await dropExpiredEventMonths();
  if (created > 0 || dropped.length > 0) logger().info({ created, dropped }, "maintenance: month partitions maintained");
}

const loop = backgroundLoop("maintenance schedule", async ({ running, sleep }) => {
  const dueAt = new Map(CHORES.map((chore) => [chore, 0]));
  while (running()) {
    for (const chore of CHORES) {
      if (!running()) break;
      if (Date.now() < dueAt.get(chore)!) continue;
      try {
        await chore.run();
        dueAt.set(chore, Date.now() + chore.everyMs);
      } catch (error) {
        logger().warn(
          { chore: chore.name, err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
          "maintenance: chore failed, retrying later",
        );
        dueAt.set(chore, Date.now() + (chore.retryMs ?? chore.everyMs));
      }
    }
    if (running()) await sleep(Math.max(MIN_SLEEP_MS, Math.min(...dueAt.values()) - Date.now()));
  }
});

export const startMaintenance = loop.start;

/** Stops after the chore in progress. */
export const stopMaintenance = loop.stop;
