// The response schemas of webhook deliveries and their attempts (pure: the events contract and
// the browser's types use them; lib/webhooks/delivery/delivery-dto.ts maps rows to them).
import { z } from "zod";
import { DELIVERY_STATUSES } from "@/lib/webhooks/delivery/delivery-filter-table";

const timestamp = z.iso.datetime({ precision: 3 });

/** What an attempt (or a test send) keeps of the receiver's answer. */
export const responseExcerptSchema = z
  .string()
  .nullable()
  .describe(
    "The first bytes (at most 4 KiB) of the response body as text (NUL and invalid UTF-8 as U+FFFD). Null when " +
      "there was none, or when it is withheld: the receiver's address is private and only a WEBHOOK_ALLOWED_ADDRESSES " +
      "entry without a port opened it",
  );

export const deliveryAttemptSchema = z.strictObject({
  id: z.string(),
  startedAt: timestamp,
  durationMs: z.int().nonnegative(),
  statusCode: z.int().nullable().describe("The receiver's HTTP status; null when none came back"),
  errorClass: z
    .string()
    .nullable()
    .describe(
      "null on success; timeout, dns, tls, connection_refused, connection_error, protocol_error, non_2xx or address_refused",
    ),
  responseBody: responseExcerptSchema,
  trigger: z.string().describe("worker"),
  requestHeaders: z
    .record(z.string(), z.string())
    .describe(
      "The headers the attempt sent, webhook-signature included (HMACs of the body; the endpoint's secret is never shown). Attempts recorded before signatures were kept show v1,<not stored>",
    ),
});

export const deliverySchema = z.strictObject({
  id: z.string(),
  webhookId: z.string().describe("The webhook-id header: the same on every attempt"),
  eventId: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string().describe("The endpoint's URL: where the delivery is sent"),
  merchantId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attemptCount: z
    .int()
    .nonnegative()
    .describe(
      "Every attempt since the delivery was written (a resend or recover does not reset it): as many as its attempts listed, one more while an attempt is in flight",
    ),
  nextAttemptAt: timestamp.nullable().describe("When the next attempt is due (while pending)"),
  lastAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deliveryDetailSchema = deliverySchema.extend({
  requestBody: z.string().describe("The body every attempt sent: the event's JSON body"),
  attempts: z.array(deliveryAttemptSchema).describe("Every attempt, oldest first"),
});

export type DeliveryDto = z.output<typeof deliverySchema>;
export type DeliveryAttemptDto = z.output<typeof deliveryAttemptSchema>;
export type DeliveryDetailDto = z.output<typeof deliveryDetailSchema>;
