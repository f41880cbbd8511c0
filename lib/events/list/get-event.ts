// One event with what the list leaves out: why it failed, every processing attempt, its webhook
// deliveries. Its shape is the events contract's eventDetailSchema (lib/events/event-contract.ts).
import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import type { Caller } from "@/lib/access/roles";
import { endpointWhere, eventOwnerWhere, tenantScope } from "@/lib/access/tenant-scope";
import { db, readDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { EventAttemptDto, EventDetailDto } from "@/lib/events/event-contract";
import { findPayment } from "@/lib/events/list/find-payment-events";
import { XID_PATTERN } from "@/lib/ids";
import { toDeliveryDto } from "@/lib/webhooks/delivery/delivery-dto";

/**
 * readFrom "primary" is for a caller that has just changed the event and must see the change
 * (a retry answering the outcome); otherwise the replica, when there is one, may be a moment behind.
 */
export async function getEvent(options: {
  caller: Caller;
  id: string;
  readFrom?: "replica" | "primary";
}): Promise<EventDetailDto> {
  const scope = tenantScope(options.caller, "read");
  if (!XID_PATTERN.test(options.id)) throw notFound("No event has this id.");
  // By id alone: the primary key is (id, created_at), so this probes each month's primary key
  // index. A created_at bound taken from the id's timestamp would prune to one month, but rows
  // may be moved in time (demo data, tests), so correctness keeps the plain lookup.
  const find = (client: PrismaClient) =>
    client.event.findFirst({
      // Another merchant's event is not found (404), as one that does not exist.
      where: { id: options.id, ...eventOwnerWhere(scope) },
      include: {
        attempts: { orderBy: { startedAt: "asc" } },
        webhookDeliveries: {
          // Only deliveries to the caller's endpoints (an event that changed owner keeps its old ones).
          where: { endpoint: endpointWhere(scope) },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          include: { endpoint: { select: { merchantId: true, url: true } } },
        },
      },
    });
  const event = await (options.readFrom === "primary" ? find(db()) : readDb(find));
  if (!event) throw notFound("No event has this id.");
  const data = event.data as EventDetailDto["data"];
  const payment = await findPayment(event);
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    type: event.type,
    // The columns hold what the contract says (a CHECK-free varchar and the stored Data object):
    // the response is validated against eventDetailSchema in the tests, not per request.
    status: event.status as EventDetailDto["status"],
    data,
    failureReason: event.failureReason,
    attemptCount: event.attemptCount,
    attempts: event.attempts.map((a) => ({
      id: a.id,
      outcome: a.outcome as EventAttemptDto["outcome"],
      failureReason: a.failureReason,
      credentialId: a.credentialId,
      trigger: a.trigger,
      startedAt: a.startedAt.toISOString(),
      finishedAt: a.finishedAt.toISOString(),
    })),
    deliveries: event.webhookDeliveries.map(toDeliveryDto),
    payment,
  };
}

export type { EventAttemptDto, EventDetailDto } from "@/lib/events/event-contract";
