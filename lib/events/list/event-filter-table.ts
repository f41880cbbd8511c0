// The events list's filters, each declared once: its name in the API's query string (and the
// page's URL), its name in words, what the API takes, its words in the OpenAPI document, and, for
// the dashboard, its field, what the URL parser keeps and its control in the filter bar. The SQL
// condition of each is the server's alone, keyed by the same names (event-filter-sql.ts, which
// fails to compile when a filter here has none), so that no SQL text reaches the browser.
// Derived from this table: the query schema (list-query.ts), the OpenAPI parameters
// (EVENT_FILTER_DESCRIPTIONS below), the page's URL state (event-filters.ts), the filter bar
// (components/events/event-filter-bar.tsx), a bulk retry's list of what it applies
// (components/events/retry-filter-list.tsx) and docs/api.md's table of the filters
// (scripts/filter-docs.ts); the WHERE clause (filter-conditions.ts) follows its order.
// Pure, without zod or server code: the events page ships it.

import { DECLINE_CLASSES } from "@/lib/declines/abecs-codes";
import type { AcquirerName, EventStatus, PaymentMethod, TransactionStatus } from "@/lib/events/data-schema";
import {
  ACQUIRER_NAMES,
  EVENT_STATUSES,
  FAILURE_REASONS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
} from "@/lib/events/event-values";
import { FILTER_IDENTIFIER, FILTER_NAME_PART, FILTER_RESPONSE_CODE, FILTER_TYPE } from "@/lib/events/list/filter-vocabulary";
import type { FilterDeclaration } from "@/lib/paging/list-filter-table";

// The page's order of the choices (a filter bar's, not the schema's). The acquirers are in the
// one order of every provider list and dropdown: by name (components/providers/provider-queries.ts).
export const STATUS_OPTIONS = ["processed", "failed", "pending"] as const satisfies readonly EventStatus[];
export const ACQUIRER_OPTIONS = [
  "cielo",
  "getnet",
  "pagseguro",
  "rede",
  "safrapay",
  "stone",
] as const satisfies readonly AcquirerName[];
export const PAYMENT_METHOD_OPTIONS = ["credit_card", "debit_card", "pix"] as const satisfies readonly PaymentMethod[];
export const TRANSACTION_STATUS_OPTIONS = ["approved", "denied", "pending"] as const satisfies readonly TransactionStatus[];

/**
 * What the API takes (list-query.ts turns each into its zod schema): `statuses` a comma-separated
 * set of EVENT_STATUSES, `text` 1 to 64 characters, `oneOf` a value of the list in any case,
 * `taxId` a CNPJ or CPF masked or not, `namePart` 2 to 100 characters, `day` a UTC day,
 * `instantOrDay` a day or an instant with offset, `words` one or more texts, comma-separated,
 * `responseCode` what an acquirerResponseCode can be (1 to 4 letters or digits), any case.
 */
export type ApiValue =
  | { kind: "statuses" }
  | { kind: "text" }
  | { kind: "oneOf"; values: readonly string[] }
  | { kind: "taxId" }
  | { kind: "namePart" }
  | { kind: "day" }
  | { kind: "instantOrDay" }
  | { kind: "words" }
  | { kind: "responseCode" };

/** What the page's URL parser keeps (anything else is dropped, never a 400). */
export type PageValue =
  | "statuses"
  | "identifier"
  | "identifiers"
  | "type"
  | "namePart"
  | "search"
  | "responseCode"
  | { oneOf: readonly string[] };

/** A control of the filter bar (its label is the filter's); `position` is its place in the bar's grid. */
export type FilterControl =
  | { kind: "select"; position: number; anyLabel: string; options: readonly string[]; optionLabel: "acquirer" | "humanized" }
  | { kind: "text"; position: number; placeholder: string; pattern: RegExp; hint: string; mono: boolean };

/**
 * Every list's declaration (lib/paging/list-filter-table.ts: name, label, description), with the
 * events list's own value rules and dashboard side.
 */
export type EventFilterSpec = FilterDeclaration & {
  /** The API's query parameter, also the page's URL parameter. */
  name: string;
  /** The filter in words: the filter bar's label, a bulk retry's list of filters, docs/api.md's table. */
  label: string;
  takes: ApiValue;
  /** The OpenAPI parameter's description (and docs/api.md's). */
  description: string;
  /** The dashboard's side, when the page offers the filter. */
  page?: { field: string; keeps: PageValue; control?: FilterControl };
};

const ID_HINT = "Letters, digits, _ or -";

/** A filter on one identifier of the notification, typed in the bar as an identifier (FILTER_IDENTIFIER). */
function identifierFilter<const Name extends string, const Field extends string>(spec: {
  name: Name;
  label: string;
  description: string;
  field: Field;
  position: number;
  placeholder?: string;
  hint?: string;
}) {
  const { name, label, description, field, position, placeholder = label, hint = ID_HINT } = spec;
  return {
    name,
    label,
    takes: { kind: "text" },
    description,
    page: {
      field,
      keeps: "identifier",
      control: { kind: "text", position, placeholder, pattern: FILTER_IDENTIFIER, hint, mono: true },
    },
  } as const;
}

/** A filter on a value of a short list (the schema's), chosen in the bar among `options` (its order). */
function choiceFilter<const Name extends string, const Field extends string, const Options extends readonly string[]>(spec: {
  name: Name;
  label: string;
  values: readonly string[];
  field: Field;
  options: Options;
  position: number;
  anyLabel: string;
  optionLabel: "acquirer" | "humanized";
  description?: string;
}) {
  const { name, label, values, field, options, position, anyLabel, optionLabel } = spec;
  return {
    name,
    label,
    takes: { kind: "oneOf", values },
    description: spec.description ?? `One of ${values.join(", ")}.`,
    page: { field, keeps: { oneOf: options }, control: { kind: "select", position, anyLabel, options, optionLabel } },
  } as const;
}

/** A bound of the created_at period: a day or an instant (the bounds make one range in the SQL). */
function periodBound<const Name extends string>(name: Name, label: string, description: string) {
  return { name, label, takes: { kind: "instantOrDay" }, description } as const;
}

/**
 * Every filter, in the API's order (the query schema's, the OpenAPI document's and the SQL's;
 * the created_at range comes last in the SQL). Which have an index: event-filter-sql.ts.
 */
export const EVENT_FILTER_TABLE = [
  {
    name: "status",
    label: "Status",
    takes: { kind: "statuses" },
    description: `One or more of ${EVENT_STATUSES.join(", ")}, comma-separated.`,
    page: { field: "status", keeps: "statuses" },
  },
  {
    name: "type",
    label: "Event type",
    takes: { kind: "text" },
    description: "A part of the event type, any case: payment finds payment.completed.",
    page: {
      field: "type",
      keeps: "type",
      control: {
        kind: "text",
        position: 9,
        placeholder: "Event type",
        pattern: FILTER_TYPE,
        hint: "Letters, digits and . _ : -",
        mono: true,
      },
    },
  },
  {
    name: "created_at",
    label: "Day (UTC)",
    takes: { kind: "day" },
    description: "A date YYYY-MM-DD: that whole UTC day.",
  },
  periodBound(
    "created_at[gte]",
    "From",
    "From this instant (an ISO 8601 date-time with offset) or the start of this UTC day (YYYY-MM-DD).",
  ),
  periodBound("created_at[gt]", "After", "After this instant, or after this whole UTC day."),
  periodBound(
    "created_at[lte]",
    "Up to",
    "Up to this instant, or to the end of this UTC day (lte=2026-11-20 includes the 20th).",
  ),
  periodBound("created_at[lt]", "Before", "Before this instant, or before the start of this UTC day."),
  identifierFilter({
    name: "merchant_id",
    label: "Merchant id",
    description: "The transaction's merchantId.",
    field: "merchantId",
    position: 4,
  }),
  identifierFilter({
    name: "terminal_id",
    label: "Terminal id",
    description: "The transaction's terminalId.",
    field: "terminalId",
    position: 5,
  }),
  choiceFilter({
    name: "acquirer_name",
    label: "Acquirer",
    values: ACQUIRER_NAMES,
    field: "acquirer",
    options: ACQUIRER_OPTIONS,
    position: 1,
    anyLabel: "All acquirers",
    optionLabel: "acquirer",
  }),
  choiceFilter({
    name: "transaction_status",
    label: "Transaction status",
    values: TRANSACTION_STATUSES,
    field: "transactionStatus",
    options: TRANSACTION_STATUS_OPTIONS,
    position: 3,
    anyLabel: "All transactions",
    optionLabel: "humanized",
  }),
  choiceFilter({
    name: "payment_method",
    label: "Payment method",
    values: PAYMENT_METHODS,
    field: "paymentMethod",
    options: PAYMENT_METHOD_OPTIONS,
    position: 2,
    anyLabel: "All methods",
    optionLabel: "humanized",
  }),
  {
    name: "failure_reason",
    label: "Failure reason",
    takes: { kind: "words" },
    description:
      "Why processing failed: one or more of no_matching_credential, credential_disabled and the data problems (missing_card_data, ...), comma-separated; only failed events have one.",
    // The overview's failure-reason links set it too; several reasons show as a chip.
    page: {
      field: "failureReason",
      keeps: "identifiers",
      control: {
        kind: "select",
        position: 10,
        anyLabel: "Any reason",
        options: FAILURE_REASONS,
        optionLabel: "humanized",
      },
    },
  },
  {
    name: "owner_merchant_id",
    label: "Owner merchant id",
    takes: { kind: "text" },
    description:
      "The merchant whose event it is (the matched credential's merchant, else the merchantId the notification names): what a merchant account sees.",
  },
  // The identifiers operators hold: the acquirer's MID and TID printed on a receipt, the
  // terminal's serial number, the merchant's tax id (masked or not) and a part of its name.
  identifierFilter({
    name: "acquirer_merchant_id",
    label: "MID",
    description: "The acquirer's merchant id (MID) or its beginning, any case (acquirerMerchantIdentifier).",
    field: "acquirerMerchantId",
    position: 6,
    placeholder: "Acquirer MID",
    hint: "The acquirer's merchant id or its beginning",
  }),
  identifierFilter({
    name: "acquirer_terminal_id",
    label: "TID",
    description: "The acquirer's terminal id (TID) or its beginning, any case (acquirerTerminalIdentifier).",
    field: "acquirerTerminalId",
    position: 7,
    placeholder: "Acquirer TID",
    hint: "The acquirer's terminal id or its beginning",
  }),
  {
    name: "terminal_serial_number",
    label: "Terminal serial number",
    takes: { kind: "text" },
    description: "The terminal's serial number (terminalSerialNumber) or its beginning, any case.",
  },
  {
    name: "merchant_tax_id",
    label: "Merchant tax id",
    takes: { kind: "taxId" },
    description: "The merchant's CNPJ or CPF (merchantTaxId), with or without its mask.",
  },
  {
    name: "merchant_name",
    label: "Merchant name",
    takes: { kind: "namePart" },
    description: `A part of the registered merchant's name, any case, accents optional: Salao finds Salão (${FILTER_NAME_PART.min} to ${FILTER_NAME_PART.max} characters).`,
    page: {
      field: "merchantName",
      keeps: "namePart",
      control: {
        kind: "text",
        position: 8,
        placeholder: "Merchant name",
        pattern: new RegExp(`^.{${FILTER_NAME_PART.min},${FILTER_NAME_PART.max}}$`),
        hint: `A part of the name, ${FILTER_NAME_PART.min} characters or more`,
        mono: false,
      },
    },
  },
  {
    name: "q",
    label: "Search",
    takes: { kind: "text" },
    description:
      "The event id or the card's last 4 digits, exactly; or the beginning, in any case, of the authorization code, the RRN/NSU, the MID, the TID or the terminal's serial number.",
    // Its control is the bar's search field, above the grid.
    page: { field: "q", keeps: "search" },
  },
  // Why the acquirer declined: its response code (ABECS codes have two characters; the field
  // holds what the acquirer sent, up to 4) and the class of the code (lib/declines/abecs-codes.ts).
  {
    name: "response_code",
    label: "Response code",
    takes: { kind: "responseCode" },
    description:
      "The acquirer's response code (acquirerResponseCode), exactly, any case: 51 for insufficient funds (1 to 4 letters or digits).",
    page: {
      field: "responseCode",
      keeps: "responseCode",
      control: {
        kind: "text",
        position: 11,
        placeholder: "Response code",
        pattern: FILTER_RESPONSE_CODE,
        hint: "The acquirer's code: 1 to 4 letters or digits (51)",
        mono: true,
      },
    },
  },
  choiceFilter({
    name: "decline_class",
    label: "Decline class",
    values: DECLINE_CLASSES,
    field: "declineClass",
    options: DECLINE_CLASSES,
    position: 12,
    anyLabel: "Any class",
    optionLabel: "humanized",
    description: `Declined transactions by the class of the acquirer's response code: reversible (a later attempt may be approved: 51), irreversible (never: 14, 54), or unknown (a code the ABECS table lacks, or none).`,
  }),
] as const satisfies readonly EventFilterSpec[];

export type EventFilterName = (typeof EVENT_FILTER_TABLE)[number]["name"];

type PagedSpec = Extract<(typeof EVENT_FILTER_TABLE)[number], { page: object }>;
/** The filters the page offers, by their field in the page's state. */
export type PageFilterField = PagedSpec["page"]["field"];
/** The fields the filter bar has a control for (in its grid). */
export type ControlField = Extract<PagedSpec, { page: { control: object } }>["page"]["field"];

/** The filters' words for the OpenAPI document, by parameter name. */
export const EVENT_FILTER_DESCRIPTIONS = Object.fromEntries(
  EVENT_FILTER_TABLE.map((filter) => [filter.name, filter.description]),
) as Record<EventFilterName, string>;

/** A filter's name in words, by parameter name (a name the table lacks is shown as it is). */
export function eventFilterLabel(name: string): string {
  return EVENT_FILTER_TABLE.find((filter) => filter.name === name)?.label ?? name;
}
