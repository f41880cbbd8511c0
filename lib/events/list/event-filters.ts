// The events explorer's filters, kept in the page's URL so a view can be shared and reloaded:
// one parser for the page (browser) and the server, and the translation of a filter into the
// query string of GET /v1/webhooks/events (and its CSV export). Both are derived from the filter
// table (event-filter-table.ts): each filter's page field, URL name and what the parser keeps.
// Pure: no zod, no server code, so the events page ships none of it. The page's option lists
// live in the table; the types below fail to compile if they drift from the schema's, and
// event-filters.test.ts compares the values.
import type { AcquirerName, EventStatus, PaymentMethod, TransactionStatus } from "@/lib/events/data-schema";
import {
  ACQUIRER_OPTIONS,
  EVENT_FILTER_TABLE,
  PAYMENT_METHOD_OPTIONS,
  type PageFilterField,
  type PageValue,
  STATUS_OPTIONS,
  TRANSACTION_STATUS_OPTIONS,
} from "@/lib/events/list/event-filter-table";
import {
  FILTER_IDENTIFIER,
  FILTER_INSTANT,
  FILTER_NAME_PART,
  FILTER_RESPONSE_CODE,
  FILTER_TEXT,
  FILTER_TYPE,
} from "@/lib/events/list/filter-vocabulary";
import { inInstantRange } from "@/lib/validation/instant-range";

export { ACQUIRER_OPTIONS, PAYMENT_METHOD_OPTIONS, STATUS_OPTIONS, TRANSACTION_STATUS_OPTIONS };

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

type PagedSpec = Extract<(typeof EVENT_FILTER_TABLE)[number], { page: object }>;
type ValueOf<K> = K extends "statuses" ? EventStatus[] : K extends { oneOf: readonly (infer T)[] } ? T : string;
/** The table's filters as the page holds them: statuses a sorted set, a choice its value, text as typed. */
type TableFilters = { [S in PagedSpec as S["page"]["field"]]: ValueOf<S["page"]["keeps"]> };

export type EventFilters = Partial<Omit<TableFilters, "status">> & {
  /** Empty: every status. Sorted, without repeats. */
  status: EventStatus[];
  /** A preset; ignored when a custom range (from/to) is set. */
  period?: PeriodPreset;
  /** Custom range: ISO 8601 instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
  sort: SortOrder;
};

/** The page's filters of the table, in its order; the period is the page's own (`period`/`from`/`to`). */
const PAGE_FILTERS = EVENT_FILTER_TABLE.filter((filter): filter is PagedSpec => "page" in filter);
/** The one-value filters (the status set aside). */
const SINGLE_FILTERS = PAGE_FILTERS.filter((filter) => filter.page.keeps !== "statuses");

/** No filter: every field named (undefined), so that as a change to the URL state it clears each. */
export const EMPTY_FILTERS: EventFilters = {
  status: [],
  sort: "desc",
  period: undefined,
  from: undefined,
  to: undefined,
  ...Object.fromEntries(SINGLE_FILTERS.map((filter) => [filter.page.field, undefined])),
};
type SingleField = Exclude<PageFilterField, "status">;

const PERIOD_PARAMS = { period: "period", from: "from", to: "to", sort: "sort" } as const;
/** Where the page's period goes among the API's filters (after the type, where created_at is). */
const PERIOD_AFTER = "type";

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

/** What the URL parser keeps of each kind of value: a value the API takes, else nothing. */
function keep(kind: PageValue, value: string | undefined): string | undefined {
  if (typeof kind === "object") return oneOf(kind.oneOf, value);
  if (kind === "identifier") return matching(FILTER_IDENTIFIER, value);
  if (kind === "identifiers") {
    // Several, comma-separated (failure reasons): those an event can hold, sorted, without repeats.
    const kept = [...new Set((value ?? "").split(",").map((part) => matching(FILTER_IDENTIFIER, part)))].filter(Boolean);
    return kept.length ? kept.sort().join(",") : undefined;
  }
  if (kind === "type") return matching(FILTER_TYPE, value);
  if (kind === "responseCode") return matching(FILTER_RESPONSE_CODE, value)?.toUpperCase();
  if (kind === "namePart") return matching(NAME_PART, value);
  const q = value?.trim().slice(0, FILTER_TEXT.max);
  return q ? q : undefined;
}

/**
 * Reads the filters from the page's search parameters (URLSearchParams, or Next's searchParams
 * object on the server). Lenient: a value that cannot be used is dropped, never an error, so a
 * hand-edited or outdated link still opens a sensible view.
 */
export function parseEventFilters(source: ParamSource): EventFilters {
  const get = reader(source);
  const status = [
    ...new Set(
      (get("status") ?? "")
        .split(",")
        .map((s) => oneOf(STATUS_OPTIONS, s.trim()))
        .filter((s): s is EventStatus => s !== undefined),
    ),
  ].sort();
  let from = instant(get(PERIOD_PARAMS.from));
  let to = instant(get(PERIOD_PARAMS.to));
  if (from && to && Date.parse(from) >= Date.parse(to)) [from, to] = [undefined, undefined];
  const custom = Boolean(from || to);
  const filters: EventFilters = {
    status,
    period: custom ? undefined : oneOf(Object.keys(PERIODS) as PeriodPreset[], get(PERIOD_PARAMS.period)),
    from,
    to,
    sort: get(PERIOD_PARAMS.sort)?.toLowerCase() === "asc" ? "asc" : "desc",
  };
  const fields = filters as Record<SingleField, string | undefined>;
  for (const filter of SINGLE_FILTERS) fields[filter.page.field as SingleField] = keep(filter.page.keeps, get(filter.name));
  return filters;
}

/** Each filter's URL value, in the table's order, with the page's period after PERIOD_AFTER. */
function writeFilters(filters: EventFilters, set: (name: string, value: string | undefined) => void, period: () => void) {
  for (const filter of PAGE_FILTERS) {
    const field = filter.page.field;
    set(filter.name, field === "status" ? [...filters.status].sort().join(",") : filters[field]);
    if (filter.name === PERIOD_AFTER) period();
  }
}

/** The page's search parameters for a filter: canonical order, defaults left out. */
export function eventFiltersToSearchParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  writeFilters(filters, set, () => {
    set(PERIOD_PARAMS.period, filters.from || filters.to ? undefined : filters.period);
    set(PERIOD_PARAMS.from, filters.from);
    set(PERIOD_PARAMS.to, filters.to);
  });
  set(PERIOD_PARAMS.sort, filters.sort === "asc" ? "asc" : undefined);
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
  const set = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  writeFilters(filters, set, () => {
    const { from, to } = eventFiltersRange(filters, now);
    set("created_at[gte]", from);
    set("created_at[lt]", to);
  });
  params.set("sort", filters.sort === "asc" ? "ASC" : "DESC");
  return params;
}

/** How many filters narrow the view (sort aside), for the "Clear filters" affordance. */
export function activeFilterCount(filters: EventFilters): number {
  return [
    filters.status.length > 0,
    filters.period || filters.from || filters.to,
    ...SINGLE_FILTERS.map((filter) => filters[filter.page.field]),
  ].filter(Boolean).length;
}
