// How far back event history goes (GET /v1/webhooks/events/retention), shared by the API, its
// OpenAPI document and the dashboard.
import { z } from "zod";

export const eventRetentionSchema = z.strictObject({
  retentionMonths: z
    .number()
    .int()
    .nullable()
    .describe("Whole months kept before the current one (EVENTS_RETENTION_MONTHS); null: events are kept forever"),
  oldestAvailable: z.iso
    .datetime({ precision: 3 })
    .nullable()
    .describe(
      "Events created before this instant (the first day of a month, UTC) are removed, a month at a time; null: none are",
    ),
});

export type EventRetentionDto = z.output<typeof eventRetentionSchema>;
