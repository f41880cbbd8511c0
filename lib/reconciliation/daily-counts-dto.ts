// The API's view of one import per merchant and sale day (the OpenAPI document's
// ReconciliationDailyCounts): how many sales matched and how many exceptions it found, of which
// how many are still open. Pure (the dashboard's summary table reads its type).
import { z } from "zod";

const count = z.int().nonnegative();

export const dailyCountsSchema = z.strictObject({
  importId: z.string(),
  data: z.array(
    z.strictObject({
      merchantId: z.string().nullable().describe("The merchant (of the payment, else of the sale's credential); null when none"),
      merchantName: z.string().nullable(),
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable()
        .describe("The sale day (a notification without sale: its origin event's day, America/Sao_Paulo)"),
      matched: count.describe("Sales matched to a payment that agrees in amount and status"),
      exceptions: count,
      open: count.describe("Exceptions not resolved yet"),
    }),
  ),
  truncated: z.boolean().describe(`true when the import spans more merchant days than the answer holds`),
});

export type DailyCountsDto = z.output<typeof dailyCountsSchema>;
