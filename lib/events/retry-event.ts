// An operator's retry of a failed event: processed again at once, the outcome returned.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { type EventDetailDto, getEvent } from "@/lib/events/get-event";
import { reprocessFailedEvent } from "@/lib/events/process-events";
import { conflict } from "@/lib/http/api-error";

export async function retryEvent(options: { caller: Caller; id: string }): Promise<EventDetailDto> {
  requirePermission(options.caller, "events:retry");
  const before = await getEvent(options);
  if (before.status !== "failed")
    throw conflict("event_not_failed", `Only failed events can be retried; this one is ${before.status}.`);
  const outcome = await reprocessFailedEvent(options.id, `retry:${options.caller.username}`);
  if (!outcome) throw conflict("event_not_failed", "The event is being retried by someone else, or is no longer failed.");
  return getEvent(options);
}
