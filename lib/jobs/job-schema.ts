// The fields every background job answers beside its own counts (bulk retry, webhook recover):
// whether it still runs, who started it, and when it started and finished.
import { z } from "zod";

/** An instant as the jobs answer it: ISO 8601 in UTC, milliseconds. */
export const jobTimestamp = z.iso.datetime({ precision: 3 });

export const jobStatusSchema = z.enum(["running", "done"]);

export const jobOriginFields = {
  createdBy: z.string(),
  createdAt: jobTimestamp,
  finishedAt: jobTimestamp.nullable(),
};
