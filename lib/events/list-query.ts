// The query string of GET /v1/webhooks/events, decided in product.md: every parameter
// validated, unknown ones refused by name, created_at in its day and range forms.
import { z } from "zod";
import { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/data-schema";
import { FILTER_NAME_PART, FILTER_TEXT } from "@/lib/events/filter-vocabulary";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";
import { instantOrDay, utcDay } from "@/lib/validation/created-at-range";

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
  created_at: utcDay.optional(),
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
