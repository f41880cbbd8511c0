// The list parameters and envelope every list shares. Pure (no server code), so the browser's
// forms and queries use the same definitions as the API; keyset paging lives in lib/paging/.
import { z } from "zod";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** The `limit` query parameter: an integer 1..100, default 20; anything else is refused. */
export const limitParam = z
  .string()
  .regex(/^[0-9]{1,3}$/, `must be an integer from 1 to ${MAX_LIMIT}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, `must be an integer from 1 to ${MAX_LIMIT}`)
      .max(MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`),
  )
  .default(DEFAULT_LIMIT);

/** `sort`: ASC or DESC in any case, default DESC. */
export const sortParam = z
  .string()
  .regex(/^(asc|desc)$/i, "must be ASC or DESC")
  .transform((v) => v.toLowerCase() as "asc" | "desc")
  .default("desc");

export const cursorParam = z
  .string()
  .min(1, "must not be empty: omit it for the first page, or send metadata.cursor of the previous one")
  .max(512, "must be at most 512 characters (send metadata.cursor as it came)")
  .optional();

export type SortDirection = "asc" | "desc";
export type PageMetadata = { cursor: string | null; limit: number; has_more: boolean };
export type Page<T> = { metadata: PageMetadata; data: T[] };
