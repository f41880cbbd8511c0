// An operator's retry of a failed event: processed again at once, the outcome returned, audited.
import "server-only";
import { type Caller, requirePermission } from "@/lib/access/roles";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors";
import { type EventDetailDto, getEvent } from "@/lib/events/list/get-event";
import { reprocessFailedEvent } from "@/lib/events/process/process-events";

export async function retryEvent(options: { caller: Caller; id: string }): Promise<EventDetailDto> {
  requirePermission(options.caller, "events:retry");
  // Both reads on the primary: the status checked must be the one the retry will see, and the
  // answer must show the retry's outcome (a replica may not have replayed it yet).
  const before = await getEvent({ ...options, readFrom: "primary" });
  if (before.status !== "failed")
    throw conflict("event_not_failed", `Only failed events can be retried; this one is ${before.status}.`);
  const outcome = await reprocessFailedEvent(options.id, `retry:${options.caller.username}`);
  if (!outcome) throw conflict("event_not_failed", "The event is being retried by someone else, or is no longer failed.");
  // Audited after the processing statement (one SQL statement of its own): who retried, and what
  // became of the event.
  await recordAuditEntry(db(), {
    caller: options.caller,
    action: "event.retry",
    targetId: options.id,
    before: { status: before.status, failureReason: before.failureReason },
    after: { status: outcome.status, failureReason: outcome.failureReason },
  });
  return getEvent({ ...options, readFrom: "primary" });
}
