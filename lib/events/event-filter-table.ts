// The events list's filters, each declared once: its name in the API's query string (and the
// page's URL), what the API takes, the SQL condition it adds, its words in the OpenAPI document,
// and, for the dashboard, its field, what the URL parser keeps and its control in the filter bar.
// Derived from this table: the query schema (list-query.ts), the WHERE clause
// (filter-conditions.ts), the OpenAPI parameters (EVENT_FILTER_DESCRIPTIONS below), the page's URL
// state (event-filters.ts) and the filter bar (components/events/event-filter-bar.tsx).
// Pure, without zod or server code: the events page ships it (the SQL text is a few column names).

import { DATA_PROBLEMS, type DataProblem } from "@/lib/events/data-problems";
import type { AcquirerName, EventStatus, PaymentMethod, TransactionStatus } from "@/lib/events/data-schema";
import { ACQUIRER_NAMES, EVENT_STATUSES, PAYMENT_METHODS, TRANSACTION_STATUSES } from "@/lib/events/event-values";
import { FILTER_IDENTIFIER, FILTER_NAME_PART, FILTER_TYPE } from "@/lib/events/filter-vocabulary";

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
/** The failure reasons a failed event can hold: the credential lookup's, then the data problems. */
export const FAILURE_REASON_OPTIONS = [
  "no_matching_credential",
  "credential_disabled",
  ...(Object.keys(DATA_PROBLEMS) as DataProblem[]),
] as const;

/**
 * What the API takes (list-query.ts turns each into its zod schema): `statuses` a comma-separated
 * set of EVENT_STATUSES, `text` 1 to 64 characters, `oneOf` a value of the list in any case,
 * `taxId` a CNPJ or CPF masked or not, `namePart` 2 to 100 characters, `day` a UTC day,
 * `instantOrDay` a day or an instant with offset, `words` one or more texts, comma-separated.
 */
export type ApiValue =
  | { kind: "statuses" }
  | { kind: "text" }
  | { kind: "oneOf"; values: readonly string[] }
  | { kind: "taxId" }
  | { kind: "namePart" }
  | { kind: "day" }
  | { kind: "instantOrDay" }
  | { kind: "words" };

/**
 * The condition a filter adds (filter-conditions.ts): `equals` an expression (a status list:
 * `= ANY`), `nameContains` the merchants whose name holds it (accents and case aside),
 * `anyEquals` one of several expressions, `period` the created_at bounds, which make one range
 * together; `startsWith` an indexed upper(...) COLLATE "C" expression beginning with the value in
 * any case (a range over that index), `contains` an expression holding the value in any case,
 * `search` one of several expressions equal to the value or beginning with it.
 */
export type SqlCondition =
  | { equals: string }
  | { nameContains: true }
  | { anyEquals: readonly string[] }
  | { period: true }
  | { startsWith: string }
  | { contains: string }
  | { search: { equals: readonly string[]; startsWith: readonly string[] } };

/** What the page's URL parser keeps (anything else is dropped, never a 400). */
export type PageValue = "statuses" | "identifier" | "identifiers" | "type" | "namePart" | "search" | { oneOf: readonly string[] };

/** A control of the filter bar; `position` is its place in the bar's grid. */
export type FilterControl =
  | {
      kind: "select";
      position: number;
      label: string;
      anyLabel: string;
      options: readonly string[];
      optionLabel: "acquirer" | "humanized";
    }
  | { kind: "text"; position: number; label: string; placeholder: string; pattern: RegExp; hint: string; mono: boolean };

export type EventFilterSpec = {
  /** The API's query parameter, also the page's URL parameter. */
  name: string;
  takes: ApiValue;
  where: SqlCondition;
  /** The OpenAPI parameter's description. */
  description: string;
  /** The dashboard's side, when the page offers the filter. */
  page?: { field: string; keeps: PageValue; control?: FilterControl };
};

// Expressions with an index of their own (migrations *_partner_identifier_indexes and
// *_forgiving_search): the same text here. The identifiers are compared upper-cased in byte
// order, so that a beginning in any case is one range of their index.
const MID = `(upper(e.acquirer_merchant_identifier) COLLATE "C")`;
const TID = `(upper(e.acquirer_terminal_identifier) COLLATE "C")`;
const SERIAL_NUMBER = `(upper(e.data->>'terminalSerialNumber') COLLATE "C")`;
const AUTHORIZATION_CODE = `(upper(e.authorization_code) COLLATE "C")`;
const RRN = `(upper(e.retrieval_reference_number) COLLATE "C")`;
const TAX_ID = "upper(regexp_replace(e.data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g'))";

const ID_HINT = "Letters, digits, _ or -";

/**
 * A filter on one identifier of the notification, exact (a column or an indexed expression),
 * typed in the bar as an identifier (FILTER_IDENTIFIER).
 */
function identifierFilter<const Name extends string, const Field extends string>(spec: {
  name: Name;
  column: string;
  /** The condition, when not the column's equality (an identifier found by its beginning). */
  where?: SqlCondition;
  description: string;
  field: Field;
  position: number;
  label: string;
  placeholder?: string;
  hint?: string;
}) {
  const { name, column, description, field, position, label, placeholder = label, hint = ID_HINT } = spec;
  return {
    name,
    takes: { kind: "text" },
    where: spec.where ?? { equals: column },
    description,
    page: {
      field,
      keeps: "identifier",
      control: { kind: "text", position, label, placeholder, pattern: FILTER_IDENTIFIER, hint, mono: true },
    },
  } as const;
}

/** A filter on a value of a short list (the schema's), chosen in the bar among `options` (its order). */
function choiceFilter<const Name extends string, const Field extends string, const Options extends readonly string[]>(spec: {
  name: Name;
  values: readonly string[];
  column: string;
  field: Field;
  options: Options;
  position: number;
  label: string;
  anyLabel: string;
  optionLabel: "acquirer" | "humanized";
}) {
  const { name, values, column, field, options, position, label, anyLabel, optionLabel } = spec;
  return {
    name,
    takes: { kind: "oneOf", values },
    where: { equals: column },
    description: `One of ${values.join(", ")}.`,
    page: { field, keeps: { oneOf: options }, control: { kind: "select", position, label, anyLabel, options, optionLabel } },
  } as const;
}

/** A bound of the created_at period: a day or an instant (the bounds make one range in the SQL). */
function periodBound<const Name extends string>(name: Name, description: string) {
  return { name, takes: { kind: "instantOrDay" }, where: { period: true }, description } as const;
}

/**
 * Every filter, in the API's order (the query schema's, the OpenAPI document's and the SQL's;
 * the created_at range comes last in the SQL). The selective filters (status, merchant,
 * terminal, the acquirer's MID and TID, serial number, tax id) have a (column, created_at, id)
 * index; the ones with a handful of values walk (created_at, id).
 */
export const EVENT_FILTER_TABLE = [
  {
    name: "status",
    takes: { kind: "statuses" },
    where: { equals: "e.status" },
    description: `One or more of ${EVENT_STATUSES.join(", ")}, comma-separated.`,
    page: { field: "status", keeps: "statuses" },
  },
  {
    name: "type",
    takes: { kind: "text" },
    where: { contains: "e.type" },
    description: "A part of the event type, any case: payment finds payment.completed.",
    page: {
      field: "type",
      keeps: "type",
      control: {
        kind: "text",
        position: 9,
        label: "Event type",
        placeholder: "Event type",
        pattern: FILTER_TYPE,
        hint: "Letters, digits and . _ : -",
        mono: true,
      },
    },
  },
  {
    name: "created_at",
    takes: { kind: "day" },
    where: { period: true },
    description: "A date YYYY-MM-DD: that whole UTC day.",
  },
  periodBound(
    "created_at[gte]",
    "From this instant (an ISO 8601 date-time with offset) or the start of this UTC day (YYYY-MM-DD).",
  ),
  periodBound("created_at[gt]", "After this instant, or after this whole UTC day."),
  periodBound("created_at[lte]", "Up to this instant, or to the end of this UTC day (lte=2026-11-20 includes the 20th)."),
  periodBound("created_at[lt]", "Before this instant, or before the start of this UTC day."),
  identifierFilter({
    name: "merchant_id",
    column: "e.merchant_id",
    description: "The transaction's merchantId.",
    field: "merchantId",
    position: 4,
    label: "Merchant id",
  }),
  identifierFilter({
    name: "terminal_id",
    column: "e.terminal_id",
    description: "The transaction's terminalId.",
    field: "terminalId",
    position: 5,
    label: "Terminal id",
  }),
  choiceFilter({
    name: "acquirer_name",
    values: ACQUIRER_NAMES,
    column: "e.acquirer_name",
    field: "acquirer",
    options: ACQUIRER_OPTIONS,
    position: 1,
    label: "Acquirer",
    anyLabel: "All acquirers",
    optionLabel: "acquirer",
  }),
  choiceFilter({
    name: "transaction_status",
    values: TRANSACTION_STATUSES,
    column: "e.transaction_status",
    field: "transactionStatus",
    options: TRANSACTION_STATUS_OPTIONS,
    position: 3,
    label: "Transaction status",
    anyLabel: "All transactions",
    optionLabel: "humanized",
  }),
  choiceFilter({
    name: "payment_method",
    values: PAYMENT_METHODS,
    column: "e.payment_method",
    field: "paymentMethod",
    options: PAYMENT_METHOD_OPTIONS,
    position: 2,
    label: "Payment method",
    anyLabel: "All methods",
    optionLabel: "humanized",
  }),
  {
    name: "failure_reason",
    takes: { kind: "words" },
    where: { equals: "e.failure_reason" },
    description:
      "Why processing failed: one or more of no_matching_credential, credential_disabled and the data problems (missing_card_data, ...), comma-separated; only failed events have one.",
    // The overview's failure-reason links set it too; several reasons show as a chip.
    page: {
      field: "failureReason",
      keeps: "identifiers",
      control: {
        kind: "select",
        position: 10,
        label: "Failure reason",
        anyLabel: "Any reason",
        options: FAILURE_REASON_OPTIONS,
        optionLabel: "humanized",
      },
    },
  },
  {
    name: "owner_merchant_id",
    takes: { kind: "text" },
    where: { equals: "e.owner_merchant_id" },
    description:
      "The merchant whose event it is (the matched credential's merchant, else the merchantId the notification names): what a merchant account sees.",
  },
  // The identifiers operators hold: the acquirer's MID and TID printed on a receipt, the
  // terminal's serial number, the merchant's tax id (masked or not) and a part of its name.
  identifierFilter({
    name: "acquirer_merchant_id",
    column: MID,
    where: { startsWith: MID },
    description: "The acquirer's merchant id (MID) or its beginning, any case (acquirerMerchantIdentifier).",
    field: "acquirerMerchantId",
    position: 6,
    label: "MID",
    placeholder: "Acquirer MID",
    hint: "The acquirer's merchant id or its beginning",
  }),
  identifierFilter({
    name: "acquirer_terminal_id",
    column: TID,
    where: { startsWith: TID },
    description: "The acquirer's terminal id (TID) or its beginning, any case (acquirerTerminalIdentifier).",
    field: "acquirerTerminalId",
    position: 7,
    label: "TID",
    placeholder: "Acquirer TID",
    hint: "The acquirer's terminal id or its beginning",
  }),
  {
    name: "terminal_serial_number",
    takes: { kind: "text" },
    where: { startsWith: SERIAL_NUMBER },
    description: "The terminal's serial number (terminalSerialNumber) or its beginning, any case.",
  },
  {
    name: "merchant_tax_id",
    takes: { kind: "taxId" },
    where: { equals: TAX_ID },
    description: "The merchant's CNPJ or CPF (merchantTaxId), with or without its mask.",
  },
  {
    name: "merchant_name",
    takes: { kind: "namePart" },
    where: { nameContains: true },
    description: `A part of the registered merchant's name, any case, accents optional: Salao finds Salão (${FILTER_NAME_PART.min} to ${FILTER_NAME_PART.max} characters).`,
    page: {
      field: "merchantName",
      keeps: "namePart",
      control: {
        kind: "text",
        position: 8,
        label: "Merchant name",
        placeholder: "Merchant name",
        pattern: new RegExp(`^.{${FILTER_NAME_PART.min},${FILTER_NAME_PART.max}}$`),
        hint: `A part of the name, ${FILTER_NAME_PART.min} characters or more`,
        mono: false,
      },
    },
  },
  {
    name: "q",
    takes: { kind: "text" },
    where: { search: { equals: ["e.id", "e.card_last4"], startsWith: [AUTHORIZATION_CODE, RRN, MID, TID, SERIAL_NUMBER] } },
    description:
      "The event id or the card's last 4 digits, exactly; or the beginning, in any case, of the authorization code, the RRN/NSU, the MID, the TID or the terminal's serial number.",
    // Its control is the bar's search field, above the grid.
    page: { field: "q", keeps: "search" },
  },
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
