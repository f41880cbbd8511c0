// The shapes of bulk retry (POST /v1/webhooks/events/retry, GET /v1/event-retry-jobs/{id}) and
// of counting a filter's events (GET /v1/webhooks/events/count): the list's filters, reused.

import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { listEventsQuery } from "@/lib/events/list/list-query";
import { jobOriginFields, jobStatusSchema } from "@/lib/jobs/job-schema";
import { createdAtRange } from "@/lib/validation/created-at-range";

/** How many failed events one bulk retry takes at most (the oldest first); run it again for more. */
export const BULK_RETRY_CAP = 10_000;
/** Counting stops here: the dashboard's button needs "10,000+", not an exact count of millions. */
export const COUNT_CAP = BULK_RETRY_CAP;

/** The list's filters without paging: what the count and a bulk retry select. */
export const eventFilterFields = listEventsQuery.omit({ cursor: true, limit: true, order_by: true, sort: true });

export const countEventsQuery = eventFilterFields;

export const eventCountSchema = z.strictObject({
  count: z.int().nonnegative().describe(`Events matching the filters, counted up to ${COUNT_CAP}`),
  capped: z.boolean().describe(`true: at least this many match (counting stopped at ${COUNT_CAP})`),
});
export type EventCountDto = z.output<typeof eventCountSchema>;

export const bulkRetryBody = z.strictObject({
  filters: eventFilterFields
    .extend({
      // Only failed events are retried: the filter may say so, and nothing else.
      status: z
        .string()
        .max(16, "must be failed (only failed events are retried), or omitted")
        .transform((v) => v.toLowerCase())
        .refine((v) => v === "failed", { message: "must be failed (only failed events are retried), or omitted" })
        .optional(),
    })
    .superRefine((filters, ctx) => {
      // The list's rule for an inverted created_at range, named inside filters.
      try {
        createdAtRange(filters);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        for (const e of error.errors ?? []) ctx.addIssue({ code: "custom", path: [e.field], message: e.message });
      }
    })
    .describe("The list's filters (GET /v1/webhooks/events parameters without paging); status is always failed."),
});
export type BulkRetryFilters = z.output<typeof bulkRetryBody>["filters"];

export const retryJobSchema = z.strictObject({
  id: z.string(),
  filters: z.record(z.string(), z.string()).describe("The filters the job was asked for, as given (normalised)"),
  status: jobStatusSchema,
  total: z.int().nonnegative().describe(`Failed events matching when the job started, at most ${BULK_RETRY_CAP}`),
  capped: z.boolean().describe("true: more failed events matched than the job takes; run it again for the rest"),
  retried: z.int().nonnegative().describe("Of total, how many were processed again so far"),
  processed: z.int().nonnegative().describe("Of retried, how many became processed"),
  failed: z.int().nonnegative().describe("Of retried, how many failed again"),
  ...jobOriginFields,
});
export type RetryJobDto = z.output<typeof retryJobSchema>;
