// One event with what the list leaves out: why it failed and every processing attempt.
import "server-only";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/api-error";
import { XID_PATTERN } from "@/lib/ids";

export type EventAttemptDto = {
  id: string;
  outcome: string;
  failureReason: string | null;
  credentialId: string | null;
  trigger: string;
  startedAt: string;
  finishedAt: string;
};

export type EventDetailDto = {
  id: string;
  createdAt: string;
  updatedAt: string;
  type: string;
  status: string;
  data: unknown;
  failureReason: string | null;
  attemptCount: number;
  attempts: EventAttemptDto[];
};

export async function getEvent(options: { caller: Caller; id: string }): Promise<EventDetailDto> {
  requirePermission(options.caller, "read");
  if (!XID_PATTERN.test(options.id)) throw notFound("No event has this id.");
  const event = await db().event.findUnique({
    where: { id: options.id },
    include: { attempts: { orderBy: { startedAt: "asc" } } },
  });
  if (!event) throw notFound("No event has this id.");
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    type: event.type,
    status: event.status,
    data: event.data,
    failureReason: event.failureReason,
    attemptCount: event.attemptCount,
    attempts: event.attempts.map((a) => ({
      id: a.id,
      outcome: a.outcome,
      failureReason: a.failureReason,
      credentialId: a.credentialId,
      trigger: a.trigger,
      startedAt: a.startedAt.toISOString(),
      finishedAt: a.finishedAt.toISOString(),
    })),
  };
}
