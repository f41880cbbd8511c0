// One event with what the list leaves out: why it failed, every processing attempt, its webhook
// deliveries. Also the
// events' response schemas: a list item (Event) and this detail (EventDetail) share eventSchema.
import "server-only";
import { z } from "zod";
import { type Caller, requirePermission } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { EVENT_STATUSES, eventDataSchema } from "@/lib/events/data-schema";
import { notFound } from "@/lib/http/api-error";
import { XID_PATTERN } from "@/lib/ids";
import { type DeliveryDto, deliverySchema, toDeliveryDto } from "@/lib/webhooks/delivery-dto";

const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds");

/** An event as GET /v1/webhooks/events lists it and POST /v1/webhooks/events answers it. */
export const eventSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  createdAt: timestamp,
  updatedAt: timestamp,
  type: z.string().describe("The notification's type: payment.completed"),
  status: z.enum(EVENT_STATUSES).describe("pending until the worker processes it, then processed or failed"),
  data: eventDataSchema.describe("The transaction, as received (omitted nullable fields stored as null)"),
});

export const eventAttemptSchema = z.strictObject({
  id: z.string(),
  outcome: z.enum(["processed", "failed"]),
  failureReason: z.string().nullable().describe("no_matching_credential, credential_disabled, ...; null when processed"),
  credentialId: z.string().nullable().describe("The credential that matched; null when none did"),
  trigger: z.string().describe("worker, or retry:<username> for an operator's retry"),
  startedAt: timestamp,
  finishedAt: timestamp,
});

/** GET /v1/webhooks/events/{id}: the event with why it failed and every processing attempt. */
export const eventDetailSchema = eventSchema.extend({
  failureReason: z.string().nullable().describe("Why the last attempt failed; null unless failed"),
  attemptCount: z.int().nonnegative(),
  attempts: z.array(eventAttemptSchema).describe("Every processing attempt, oldest first"),
  deliveries: z.array(deliverySchema).describe("Its webhook deliveries, one per endpoint, oldest first"),
});

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
  deliveries: DeliveryDto[];
};

/** Compile-time proof that what the schema describes is an EventDetailDto. */
export const EVENT_DETAIL_SCHEMA_FITS_DTO: z.output<typeof eventDetailSchema> extends EventDetailDto ? true : never = true;

export async function getEvent(options: { caller: Caller; id: string }): Promise<EventDetailDto> {
  requirePermission(options.caller, "read");
  if (!XID_PATTERN.test(options.id)) throw notFound("No event has this id.");
  const event = await db().event.findUnique({
    where: { id: options.id },
    include: {
      attempts: { orderBy: { startedAt: "asc" } },
      webhookDeliveries: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { endpoint: { select: { merchantId: true } } },
      },
    },
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
    deliveries: event.webhookDeliveries.map(toDeliveryDto),
  };
}
