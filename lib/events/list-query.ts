// The query string of GET /v1/webhooks/events, decided in product.md: every parameter
// validated, unknown ones refused by name, created_at in its day and range forms.
import { z } from "zod";
import { type FieldError, validationFailed } from "@/lib/errors";
import { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/data-schema";
import { FILTER_DAY, FILTER_INSTANT, FILTER_NAME_PART, FILTER_TEXT } from "@/lib/events/filter-vocabulary";
import { INSTANT_RANGE_MESSAGE, inInstantRange } from "@/lib/http/instant-range";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";

const DATE = FILTER_DAY;
const DATE_TIME = FILTER_INSTANT;

function validDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A date `YYYY-MM-DD` (a UTC day) or an ISO 8601 date-time with an offset. */
export const instantOrDay = z
  .string()
  .refine(
    (v) => (DATE.test(v) && validDay(v)) || (DATE_TIME.test(v) && validDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))),
    { message: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset" },
  );

const day = z.string().refine((v) => DATE.test(v) && validDay(v), { message: "must be a date YYYY-MM-DD (a UTC day)" });

// Enum values are taken in any case (FAILED, Cielo), like sort (ASC): one rule for every parameter.
const oneOf = (values: readonly string[]) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => values.includes(v), { message: `must be one of ${values.join(", ")} (any case)` });

const identifier = z.string().min(FILTER_TEXT.min).max(FILTER_TEXT.max);

export const listEventsQuery = z.strictObject({
  // Every status once, comma-separated, is 24 characters: 64 leaves room for repeats and spaces.
  status: z
    .string()
    .max(64)
    .transform((v) => v.toLowerCase())
    .refine((v) => v.split(",").every((s) => (EVENT_STATUSES as readonly string[]).includes(s)), {
      message: `must be one or more of ${EVENT_STATUSES.join(", ")}, comma-separated (any case)`,
    })
    .transform((v) => [...new Set(v.split(","))].sort())
    .optional(),
  type: identifier.optional(),
  created_at: day.optional(),
  "created_at[gte]": instantOrDay.optional(),
  "created_at[gt]": instantOrDay.optional(),
  "created_at[lte]": instantOrDay.optional(),
  "created_at[lt]": instantOrDay.optional(),
  merchant_id: identifier.optional(),
  terminal_id: identifier.optional(),
  acquirer_name: oneOf(ACQUIRER_NAMES).optional(),
  transaction_status: oneOf(TRANSACTION_STATUSES).optional(),
  payment_method: oneOf(PAYMENT_METHODS).optional(),
  failure_reason: identifier.optional(),
  // The identifiers operators hold: the acquirer's MID and TID printed on a receipt, the
  // terminal's serial number, the merchant's tax id (masked or not) and a part of its name.
  acquirer_merchant_id: identifier.optional(),
  acquirer_terminal_id: identifier.optional(),
  terminal_serial_number: identifier.optional(),
  merchant_tax_id: z
    .string()
    .max(18, "must be a CNPJ (14 characters) or CPF (11 digits), masked or not")
    .transform((v) => v.replace(/[./-]/g, "").toUpperCase())
    .refine((v) => /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(v), {
      message: "must be a CNPJ (14 characters) or CPF (11 digits), masked or not",
    })
    .optional(),
  merchant_name: z
    .string()
    .trim()
    .min(FILTER_NAME_PART.min, `must have at least ${FILTER_NAME_PART.min} characters`)
    .max(FILTER_NAME_PART.max)
    .optional(),
  q: identifier.optional(),
  cursor: cursorParam,
  limit: limitParam,
  order_by: z.literal("created_at", { message: "must be created_at" }).default("created_at"),
  sort: sortParam,
});

export type ListEventsQuery = z.infer<typeof listEventsQuery>;

const DAY_MS = 86_400_000;
const CREATED_AT_PARAMS = ["created_at", "created_at[gte]", "created_at[gt]", "created_at[lte]", "created_at[lt]"] as const;

type CreatedAtParam = (typeof CREATED_AT_PARAMS)[number];

/**
 * The created_at filters as one half-open interval [from, to). A date is its whole UTC day:
 * gte and lt take its start, gt and lte its end (lte=2026-11-20 includes that whole day).
 * Timestamps have millisecond precision, so "> t" is ">= t + 1 ms". Each bound, after that
 * arithmetic, must stay within years 0001..9999 (lib/http/instant-range.ts): gt=9999-12-31
 * asks for instants PostgreSQL is never given.
 */
export function createdAtRange(query: Partial<Pick<ListEventsQuery, CreatedAtParam>>): { from?: Date; to?: Date } {
  const start = (v: string) => (DATE.test(v) ? new Date(`${v}T00:00:00Z`) : new Date(v));
  const end = (v: string) => new Date(start(v).getTime() + (DATE.test(v) ? DAY_MS : 1));
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
