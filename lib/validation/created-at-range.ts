// A period as every list takes it: `created_at` (a UTC day) and its bounds `created_at[gte]`,
// `[gt]`, `[lte]`, `[lt]` (a day or an instant with offset), checked and turned into one
// half-open interval. The events filters (list, count, export, bulk retry) and the audit log
// share it.
import { z } from "zod";
import { type FieldError, validationFailed } from "@/lib/errors";
import { DAY_PATTERN, INSTANT_PATTERN, INSTANT_RANGE_MESSAGE, inInstantRange } from "@/lib/validation/instant-range";

function validDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A date `YYYY-MM-DD` (a UTC day) or an ISO 8601 date-time with an offset. */
export const instantOrDay = z
  .string()
  .refine(
    (v) =>
      (DAY_PATTERN.test(v) && validDay(v)) ||
      (INSTANT_PATTERN.test(v) && validDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))),
    { message: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset" },
  );

/** An ISO 8601 date-time with an offset, within years 0001..9999 (a malformed one has its own message). */
export const boundedDateTime = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
  .refine((v) => Number.isNaN(Date.parse(v)) || inInstantRange(new Date(v)), { message: INSTANT_RANGE_MESSAGE });

/** A date `YYYY-MM-DD`, taken as its whole UTC day. */
export const utcDay = z
  .string()
  .refine((v) => DAY_PATTERN.test(v) && validDay(v), { message: "must be a date YYYY-MM-DD (a UTC day)" });

const DAY_MS = 86_400_000;
const CREATED_AT_PARAMS = ["created_at", "created_at[gte]", "created_at[gt]", "created_at[lte]", "created_at[lt]"] as const;

type CreatedAtParam = (typeof CREATED_AT_PARAMS)[number];
/** The period's parameters, as validated by `utcDay` and `instantOrDay`. */
export type CreatedAtBounds = Partial<Record<CreatedAtParam, string>>;

/**
 * The created_at filters as one half-open interval [from, to). A date is its whole UTC day:
 * gte and lt take its start, gt and lte its end (lte=2026-11-20 includes that whole day).
 * Timestamps have millisecond precision, so "> t" is ">= t + 1 ms". Each bound, after that
 * arithmetic, must stay within years 0001..9999 (lib/validation/instant-range.ts): gt=9999-12-31
 * asks for instants PostgreSQL is never given.
 */
export function createdAtRange(query: CreatedAtBounds): { from?: Date; to?: Date } {
  const start = (v: string) => (DAY_PATTERN.test(v) ? new Date(`${v}T00:00:00Z`) : new Date(v));
  const end = (v: string) => new Date(start(v).getTime() + (DAY_PATTERN.test(v) ? DAY_MS : 1));
  const bounds: { field: CreatedAtParam; from?: Date; to?: Date }[] = [];
  if (query.created_at) bounds.push({ field: "created_at", from: start(query.created_at), to: end(query.created_at) });
  if (query["created_at[gte]"]) bounds.push({ field: "created_at[gte]", from: start(query["created_at[gte]"]) });
  if (query["created_at[gt]"]) bounds.push({ field: "created_at[gt]", from: end(query["created_at[gt]"]) });
  if (query["created_at[lt]"]) bounds.push({ field: "created_at[lt]", to: start(query["created_at[lt]"]) });
  if (query["created_at[lte]"]) bounds.push({ field: "created_at[lte]", to: end(query["created_at[lte]"]) });
  const outside: FieldError[] = bounds
    .filter((b) => [b.from, b.to].some((d) => d !== undefined && !inInstantRange(d)))
    .map((b) => ({ field: b.field, message: INSTANT_RANGE_MESSAGE }));
  if (outside.length > 0) throw validationFailed(outside, "A created_at bound is outside the dates the API takes.");
  const pick = (ds: (Date | undefined)[], f: (...n: number[]) => number) => {
    const times = ds.filter((d) => d !== undefined).map((d) => d.getTime());
    return times.length ? new Date(f(...times)) : undefined;
  };
  const range = {
    from: pick(
      bounds.map((b) => b.from),
      Math.max,
    ),
    to: pick(
      bounds.map((b) => b.to),
      Math.min,
    ),
  };
  // An inverted (or empty) range is a mistake, not a question whose answer is "nothing".
  if (range.from && range.to && range.from >= range.to) {
    const named = CREATED_AT_PARAMS.filter((name) => query[name] !== undefined);
    throw validationFailed(
      named.map((field) => ({
        field,
        message: `leaves no instant between the lower and the upper bound (${named.join(", ")})`,
      })),
      "The created_at bounds are inverted: the lower bound is not before the upper one.",
    );
  }
  return range;
}
