// The query string of GET /v1/webhooks/events, decided in product.md: every parameter
// validated, unknown ones refused by name, created_at in its day and range forms. The filters'
// parameters come from the filter table (event-filter-table.ts); paging is the lists' own.
// Internal to lib/events: routes, pages, the OpenAPI document and tests take the schema from the
// events contract (lib/events/event-contract.ts), which is what clients of the events wing import.
import { z } from "zod";
import { EVENT_STATUSES } from "@/lib/events/data-schema";
import { type ApiValue, EVENT_FILTER_TABLE } from "@/lib/events/list/event-filter-table";
import { FILTER_NAME_PART, FILTER_RESPONSE_CODE, FILTER_TEXT } from "@/lib/events/list/filter-vocabulary";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";
import { instantOrDay, utcDay } from "@/lib/validation/created-at-range";

// Enum values are taken in any case (FAILED, Cielo), like sort (ASC): one rule for every parameter.
const oneOf = (values: readonly string[]) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => values.includes(v), { message: `must be one of ${values.join(", ")} (any case)` });

const TAX_ID_MESSAGE = "must be a CNPJ (14 characters) or CPF (11 digits), masked or not";

/** The zod schema of each kind of value the filter table names (its ApiValue). */
const API_VALUE = {
  // Every status once, comma-separated, is 24 characters: 64 leaves room for repeats and spaces.
  statuses: () =>
    z
      .string()
      .max(64)
      .transform((v) => v.toLowerCase())
      .refine((v) => v.split(",").every((s) => (EVENT_STATUSES as readonly string[]).includes(s)), {
        message: `must be one or more of ${EVENT_STATUSES.join(", ")}, comma-separated (any case)`,
      })
      .transform((v) => [...new Set(v.split(","))].sort()),
  text: () => z.string().min(FILTER_TEXT.min).max(FILTER_TEXT.max),
  oneOf: (value: Extract<ApiValue, { kind: "oneOf" }>) => oneOf(value.values),
  taxId: () =>
    z
      .string()
      .max(18, TAX_ID_MESSAGE)
      .transform((v) => v.replace(/[./-]/g, "").toUpperCase())
      .refine((v) => /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(v), { message: TAX_ID_MESSAGE }),
  namePart: () =>
    z
      .string()
      .trim()
      .min(FILTER_NAME_PART.min, `must have at least ${FILTER_NAME_PART.min} characters`)
      .max(FILTER_NAME_PART.max),
  // A set of words (failure reasons), comma-separated: sorted without repeats, like statuses.
  words: () =>
    z
      .string()
      .max(512)
      .transform((v) => [...new Set(v.split(",").map((word) => word.trim()))].sort())
      .refine((words) => words.every((word) => word.length >= FILTER_TEXT.min && word.length <= FILTER_TEXT.max), {
        message: `must be one or more values of ${FILTER_TEXT.min} to ${FILTER_TEXT.max} characters, comma-separated`,
      }),
  day: () => utcDay,
  instantOrDay: () => instantOrDay,
  // Compared upper-cased: the ABECS table's codes are, a sender's letters may not be.
  responseCode: () =>
    z
      .string()
      .regex(FILTER_RESPONSE_CODE, "must be 1 to 4 letters or digits")
      .transform((v) => v.toUpperCase()),
};

type ApiSchemaOf<V extends ApiValue> = ReturnType<(typeof API_VALUE)[V["kind"]]>;
type Spec = (typeof EVENT_FILTER_TABLE)[number];
type FilterShape = { [S in Spec as S["name"]]: z.ZodOptional<ApiSchemaOf<S["takes"]>> };

function apiSchemaOf(value: ApiValue): z.ZodType {
  return value.kind === "oneOf" ? API_VALUE.oneOf(value) : API_VALUE[value.kind]();
}

/** Every filter of the table, optional, in the table's order (the OpenAPI document's order). */
const filterShape = Object.fromEntries(
  EVENT_FILTER_TABLE.map((filter) => [filter.name, apiSchemaOf(filter.takes).optional()]),
) as unknown as FilterShape;

export const listEventsQuery = z.strictObject({
  ...filterShape,
  cursor: cursorParam,
  limit: limitParam,
  order_by: z.literal("created_at", { message: "must be created_at" }).default("created_at"),
  sort: sortParam,
});

export type ListEventsQuery = z.infer<typeof listEventsQuery>;
