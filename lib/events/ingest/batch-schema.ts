// POST /v1/webhooks/events/batch: up to 100 notifications in one request, each validated and
// answered on its own, so that one bad item never refuses the others.
import { z } from "zod";
import { EVENT_STATUSES, eventDataSchema } from "@/lib/events/data-schema";
import { fieldErrorSchema } from "@/lib/validation/field-error-schema";

export const MAX_BATCH = 100;
/** 100 notifications of up to ~10 KiB each: the single form's 64 KiB would not hold a full batch. */
export const BATCH_MAX_BODY_BYTES = 1024 * 1024;

/** What is validated as a whole: the envelope. Each item is validated apart (eventDataSchema). */
export const batchEnvelopeBody = z.strictObject({
  events: z
    .array(z.unknown())
    .min(1, "must hold at least one notification")
    .max(MAX_BATCH, `must hold at most ${MAX_BATCH} notifications`),
});

/** The same body as the document shows it, items described by the Data object's schema. */
export const batchIngestRequestSchema = z.strictObject({
  events: z.array(eventDataSchema).min(1).max(MAX_BATCH).describe(`1 to ${MAX_BATCH} Data objects, answered in order`),
});

export const batchItemResultSchema = z.strictObject({
  index: z.int().nonnegative().describe("The item's position in `events`"),
  result: z.enum(["created", "duplicate", "invalid"]),
  id: z.string().nullable().describe("The stored event's id (created or duplicate); null when invalid"),
  status: z.enum(EVENT_STATUSES).nullable().describe("The stored event's processing status; null when invalid"),
  errors: z.array(fieldErrorSchema).describe("Why an invalid item was refused, fields named as `events.<index>.<field>`"),
});

export const batchIngestResultSchema = z.strictObject({
  data: z.array(batchItemResultSchema),
  summary: z.strictObject({ created: z.int(), duplicate: z.int(), invalid: z.int() }),
});

export type BatchItemResult = z.output<typeof batchItemResultSchema>;
export type BatchIngestResult = z.output<typeof batchIngestResultSchema>;
