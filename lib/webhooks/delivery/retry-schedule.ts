// The retry schedule of a delivery (WEBHOOK_RETRY_SCHEDULE, jittered by WEBHOOK_RETRY_JITTER):
// read by the attempts' record (record-attempt.ts) and by the alerts' own deliveries
// (lib/alert-delivery/deliver-alerts.ts).
import { env } from "@/lib/env";

/** Seconds until attempt number `next` (1-based), jittered; undefined when the schedule is over. */
export function retryDelayMs(next: number): number | undefined {
  const { retryScheduleSeconds, retryJitter } = env().webhooks;
  const seconds = retryScheduleSeconds[next - 1];
  if (seconds === undefined) return undefined;
  return Math.max(0, Math.round(seconds * 1000 * (1 + retryJitter * (Math.random() * 2 - 1))));
}
