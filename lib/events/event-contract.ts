// The events contract, said once: what an event looks like to API clients (the list item, the
// detail, an attempt) and the vocabulary of the events filters (their identifiers, types and
// instants). Pure (zod only): the API's schemas, the OpenAPI document, the dashboard's URL parser
// and the browser's types all derive from it. The stored event's JSON is built by a trigger
// (migration *_event_body); event-contract.test.ts holds it to eventSchema for every kind of
// demo event. The Data object itself is lib/events/data-schema.ts. The list's query schema is
// derived from the filter table in lib/events/list/list-query.ts, which stays internal to lib/events: it is
// exported here, the events wing's face to routes, pages, the OpenAPI document and tests.
import { z } from "zod";
import { EVENT_STATUSES, eventDataSchema } from "@/lib/events/data-schema";
import { paymentSchema } from "@/lib/events/list/payment-state";
import { XID_PATTERN } from "@/lib/ids";
import { deliverySchema } from "@/lib/webhooks/delivery/delivery-schema";

const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds");

/** An event as GET /v1/webhooks/events lists it and POST /v1/webhooks/events answers it. */
export const eventSchema = z.strictObject({
  id: z.string().regex(XID_PATTERN).describe("XID: 20 characters of [0-9a-v]"),
  createdAt: timestamp,
  updatedAt: timestamp,
  type: z.string().describe("The notification's type: payment.completed"),
  status: z.enum(EVENT_STATUSES).describe("pending until the worker processes it, then processed or failed"),
  failureReason: z
    .string()
    .nullable()
    .describe("Why processing failed (no_matching_credential, credential_disabled, a data problem); null unless failed"),
  data: eventDataSchema.describe("The transaction, as received (omitted nullable fields stored as null)"),
});

export const eventAttemptSchema = z.strictObject({
  id: z.string(),
  outcome: z.enum(["processed", "failed"]),
  failureReason: z.string().nullable().describe("no_matching_credential, credential_disabled, ...; null when processed"),
  credentialId: z.string().nullable().describe("The credential that matched; null when none did"),
  trigger: z
    .string()
    .describe(
      "worker:<host>:<pid>, ingest:<username> for a batch item decided on arrival, or retry:<username> for an operator's retry",
    ),
  startedAt: timestamp,
  finishedAt: timestamp,
});

/** GET /v1/webhooks/events/{id}: the event with why it failed and every processing attempt. */
export const eventDetailSchema = eventSchema.extend({
  attemptCount: z.int().nonnegative(),
  attempts: z.array(eventAttemptSchema).describe("Every processing attempt, oldest first"),
  deliveries: z.array(deliverySchema).describe("Its webhook deliveries, one per endpoint, oldest first"),
  payment: paymentSchema.describe(
    "The whole payment: this event and the related ones (authorization or pre-authorization, captures, voids, reversals) with their ids, transaction types and times, and the net state",
  ),
});

export type EventDto = z.output<typeof eventSchema>;
export type EventAttemptDto = z.output<typeof eventAttemptSchema>;
export type EventDetailDto = z.output<typeof eventDetailSchema>;

export {
  FILTER_DAY,
  FILTER_IDENTIFIER,
  FILTER_INSTANT,
  FILTER_NAME_PART,
  FILTER_TEXT,
  FILTER_TYPE,
} from "@/lib/events/list/filter-vocabulary";

export { type ListEventsQuery, listEventsQuery } from "@/lib/events/list/list-query";
