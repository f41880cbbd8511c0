// GET /v1/webhooks/events/retention: how far back the event history goes, from the configuration
// (no database read): the maintenance schedule drops the months before the cutoff.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { env } from "@/lib/env";
import { retentionCutoff } from "@/lib/events/retention/event-retention";
import type { EventRetentionDto } from "@/lib/events/retention/retention-schema";

export function getEventRetention(options: { caller: Caller; now?: Date }): EventRetentionDto {
  requirePermission(options.caller, "read");
  const months = env().eventsRetentionMonths;
  const cutoff = retentionCutoff(options.now ?? new Date(), months);
  return { retentionMonths: months, oldestAvailable: cutoff ? cutoff.toISOString() : null };
}
