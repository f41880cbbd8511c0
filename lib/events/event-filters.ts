// The events explorer's filters, kept in the page's URL so a view can be shared and reloaded:
// one parser for the page (browser) and the server, and the translation of a filter into the
// query string of GET /v1/webhooks/events (and its CSV export). Pure: no zod, no server code,
// so the events page ships none of it. The enum lists mirror lib/events/data-schema.ts; the
// types below fail to compile if they drift, and event-filters.test.ts compares the values.
import type { AcquirerName, EventStatus, PaymentMethod, TransactionStatus } from "@/lib/events/data-schema";
import { FILTER_IDENTIFIER, FILTER_INSTANT, FILTER_NAME_PART, FILTER_TEXT, FILTER_TYPE } from "@/lib/events/filter-vocabulary";
import { inInstantRange } from "@/lib/validation/instant-range";

export const STATUS_OPTIONS = ["processed", "failed", "pending"] as const satisfies readonly EventStatus[];
export const ACQUIRER_OPTIONS = [
  "cielo",
  "rede",
  "getnet",
  "stone",
  "pagseguro",
  "safrapay",
] as const satisfies readonly AcquirerName[];
export const PAYMENT_METHOD_OPTIONS = ["credit_card", "debit_card", "pix"] as const satisfies readonly PaymentMethod[];
export const TRANSACTION_STATUS_OPTIONS = ["approved", "denied", "pending"] as const satisfies readonly TransactionStatus[];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time proof that every option list holds exactly the schema's values. */
export type OptionListsMatchSchema = [
  Same<(typeof STATUS_OPTIONS)[number], EventStatus>,
  Same<(typeof ACQUIRER_OPTIONS)[number], AcquirerName>,
  Same<(typeof PAYMENT_METHOD_OPTIONS)[number], PaymentMethod>,
  Same<(typeof TRANSACTION_STATUS_OPTIONS)[number], TransactionStatus>,
] extends [true, true, true, true]
  ? true
  : never;
export const OPTION_LISTS_MATCH_SCHEMA: OptionListsMatchSchema = true;

/** Period presets, counted back from the moment the view was loaded. */
export const PERIODS = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 } as const;
export type PeriodPreset = keyof typeof PERIODS;
export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

export type SortOrder = "desc" | "asc";

export type EventFilters = {
  /** Empty: every status. Sorted, without repeats. */
  status: EventStatus[];
  type?: string;
  /** A preset; ignored when a custom range (from/to) is set. */
  period?: PeriodPreset;
  /** Custom range: ISO 8601 instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
  merchantId?: string;
  terminalId?: string;
  /** The acquirer's ids, as operators read them on a receipt or a failed event. */
  acquirerMerchantId?: string;
  acquirerTerminalId?: string;
  /** A part of the registered merchant's name. */
  merchantName?: string;
  acquirer?: AcquirerName;
  paymentMethod?: PaymentMethod;
  transactionStatus?: TransactionStatus;
  /** Why processing failed, e.g. no_matching_credential (the overview links to it). */
  failureReason?: string;
  /** Exact event id, authorization code, RRN/NSU or card last 4. */
  q?: string;
  sort: SortOrder;
};

export const EMPTY_FILTERS: EventFilters = { status: [], sort: "desc" };

/** The page's own parameter names: the API's where one exists, `period`/`from`/`to` for time. */
const PARAM = {
  status: "status",
  type: "type",
  period: "period",
  from: "from",
  to: "to",
  merchantId: "merchant_id",
  terminalId: "terminal_id",
  acquirerMerchantId: "acquirer_merchant_id",
  acquirerTerminalId: "acquirer_terminal_id",
  merchantName: "merchant_name",
  acquirer: "acquirer_name",
  paymentMethod: "payment_method",
  transactionStatus: "transaction_status",
  failureReason: "failure_reason",
  q: "q",
  sort: "sort",
} as const satisfies Record<keyof EventFilters, string>;

/** The filters that are one value, named alike in the page's URL and in the API's query string. */
const PLAIN_FILTERS = [
  "merchantId",
  "terminalId",
  "acquirerMerchantId",
  "acquirerTerminalId",
  "merchantName",
  "acquirer",
  "paymentMethod",
  "transactionStatus",
  "failureReason",
] as const satisfies readonly (keyof EventFilters)[];

const IDENTIFIER = FILTER_IDENTIFIER;
const TYPE = FILTER_TYPE;
const NAME_PART = new RegExp(`^.{${FILTER_NAME_PART.min},${FILTER_NAME_PART.max}}$`);
const ISO_INSTANT = FILTER_INSTANT;

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function reader(source: ParamSource): (name: string) => string | undefined {
  if (source instanceof URLSearchParams) return (name) => source.get(name) ?? undefined;
  return (name) => {
    const value = source[name];
    return Array.isArray(value) ? value[0] : value;
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const matching = (pattern: RegExp, value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed && pattern.test(trimmed) ? trimmed : undefined;
};

const instant = (value: string | undefined): string | undefined => {
  if (!value || !ISO_INSTANT.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) || !inInstantRange(new Date(ms)) ? undefined : new Date(ms).toISOString();
};

/**
 * Reads the filters from the page's search parameters (URLSearchParams, or Next's searchParams
 * object on the server). Lenient: a value that cannot be used is dropped, never an error, so a
 * hand-edited or outdated link still opens a sensible view.
 */
export function parseEventFilters(source: ParamSource): EventFilters {
  const get = reader(source);
  const status = [
    ...new Set(
      (get(PARAM.status) ?? "")
        .split(",")
        .map((s) => oneOf(STATUS_OPTIONS, s.trim()))
        .filter((s): s is EventStatus => s !== undefined),
    ),
  ].sort();
  let from = instant(get(PARAM.from));
  let to = instant(get(PARAM.to));
  if (from && to && Date.parse(from) >= Date.parse(to)) [from, to] = [undefined, undefined];
  const custom = Boolean(from || to);
  const q = get(PARAM.q)?.trim().slice(0, FILTER_TEXT.max);
  return {
    status,
    type: matching(TYPE, get(PARAM.type)),
    period: custom ? undefined : oneOf(Object.keys(PERIODS) as PeriodPreset[], get(PARAM.period)),
    from,
    to,
    merchantId: matching(IDENTIFIER, get(PARAM.merchantId)),
    terminalId: matching(IDENTIFIER, get(PARAM.terminalId)),
    acquirerMerchantId: matching(IDENTIFIER, get(PARAM.acquirerMerchantId)),
    acquirerTerminalId: matching(IDENTIFIER, get(PARAM.acquirerTerminalId)),
    merchantName: matching(NAME_PART, get(PARAM.merchantName)),
    acquirer: oneOf(ACQUIRER_OPTIONS, get(PARAM.acquirer)),
    paymentMethod: oneOf(PAYMENT_METHOD_OPTIONS, get(PARAM.paymentMethod)),
    transactionStatus: oneOf(TRANSACTION_STATUS_OPTIONS, get(PARAM.transactionStatus)),
    failureReason: matching(IDENTIFIER, get(PARAM.failureReason)),
    q: q ? q : undefined,
    sort: get(PARAM.sort)?.toLowerCase() === "asc" ? "asc" : "desc",
  };
}

/** The page's search parameters for a filter: canonical order, defaults left out. */
export function eventFiltersToSearchParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  set(PARAM.status, [...filters.status].sort().join(","));
  set(PARAM.period, filters.from || filters.to ? undefined : filters.period);
  set(PARAM.from, filters.from);
  set(PARAM.to, filters.to);
  set(PARAM.type, filters.type);
  for (const key of PLAIN_FILTERS) set(PARAM[key], filters[key]);
  set(PARAM.q, filters.q);
  set(PARAM.sort, filters.sort === "asc" ? "asc" : undefined);
  return params;
}

/** `?status=...` for a link, or "" when no filter is set. */
export function eventFiltersSearch(filters: EventFilters): string {
  const search = eventFiltersToSearchParams(filters).toString();
  return search ? `?${search}` : "";
}

/** The instants a filter covers, a preset being counted back from `now` (ms). */
export function eventFiltersRange(filters: EventFilters, now: number): { from?: string; to?: string } {
  if (filters.from || filters.to) return { from: filters.from, to: filters.to };
  if (filters.period) return { from: new Date(now - PERIODS[filters.period]).toISOString() };
  return {};
}

/**
 * The query string of GET /v1/webhooks/events (and of its CSV export) for a filter, without
 * cursor and limit. A preset period becomes a fixed `created_at[gte]` instant computed from
 * `now`: the caller keeps `now` for the life of a view, so every page's cursor stays valid.
 */
export function eventFiltersToApiQuery(filters: EventFilters, now: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status.length > 0) params.set("status", [...filters.status].sort().join(","));
  if (filters.type) params.set("type", filters.type);
  const { from, to } = eventFiltersRange(filters, now);
  if (from) params.set("created_at[gte]", from);
  if (to) params.set("created_at[lt]", to);
  for (const key of PLAIN_FILTERS) {
    const value = filters[key];
    if (value) params.set(PARAM[key], value);
  }
  if (filters.q) params.set("q", filters.q);
  params.set("sort", filters.sort === "asc" ? "ASC" : "DESC");
  return params;
}

/** How many filters narrow the view (sort aside), for the "Clear filters" affordance. */
export function activeFilterCount(filters: EventFilters): number {
  return [
    filters.status.length > 0,
    filters.type,
    filters.period || filters.from || filters.to,
    ...PLAIN_FILTERS.map((key) => filters[key]),
    filters.q,
  ].filter(Boolean).length;
}
