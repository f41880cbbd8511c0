// A list's filters as one declarative table (the credentials, merchants, deliveries and audit
// lists; the events list has its own, lib/events/event-filter-table.ts, because its page is built
// in SQL and its filter bar is generated). Each filter is declared once: its query parameter (the
// API's and the page's URL), what the API takes (zod), the condition it adds to the list's Prisma
// where, its OpenAPI words, and what the dashboard's URL parser keeps. Derived from a table: the
// strict query schema (the paging parameters last), the where conditions, the values a cursor is
// bound to, the OpenAPI descriptions, and on the page the URL state, the API path and the filter
// bar's choices (their labels and values).
// Pure (the dashboard ships it).
import { z } from "zod";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";
import { type CreatedAtBounds, createdAtRange } from "@/lib/validation/created-at-range";

export type ListFilter<Name extends string, Schema extends z.ZodType, Where> = {
  name: Name;
  schema: Schema;
  /**
   * The condition the filter's value adds to the list's where (ANDed with the others, the
   * keyset's and any scope). "period": a created_at bound; the bounds make one half-open range
   * (createdAtRange), which refuses an inverted one.
   */
  where: ((value: z.output<Schema>) => Where) | "period";
  /** The OpenAPI parameter's description. */
  description: string;
  /**
   * What the dashboard's URL parser keeps of the parameter's text (anything else is dropped,
   * never sent for a 400); absent when the page does not offer the filter.
   */
  page?: (text: string) => string | undefined;
  /** The filter's choice in the list's filter bar, when the bar offers it as one. */
  control?: ChoiceControl;
};

/**
 * A choice in a list's filter bar (components/ui/filter-field.tsx renders it): its label, the
 * choice of no filter, the values with their labels (absent when they are data the page loads:
 * providers, audit actions) and its width on a wide screen.
 */
export type ChoiceControl = {
  label: string;
  anyLabel: string;
  options?: readonly (readonly [value: string, label: string])[];
  width: "narrow" | "medium" | "wide";
};

/** Any list's filter (a table's entries differ in their value types; `never` takes every one). */
export type AnyFilter<Where = unknown> = Omit<ListFilter<string, z.ZodType, Where>, "where"> & {
  where: ((value: never) => Where) | "period";
};

/** The declaration helper of one list's table: every filter's where is of the list's type. */
export function filterOf<Where>() {
  return <const Name extends string, Schema extends z.ZodType>(filter: ListFilter<Name, Schema, Where>) => filter;
}

type FilterShape<T extends readonly AnyFilter[]> = { [F in T[number] as F["name"]]: z.ZodOptional<F["schema"]> };

/** The list's strict query: every filter optional, in the table's order, then limit, cursor and sort. */
export function listQuerySchema<const T extends readonly AnyFilter[]>(filters: T) {
  const shape = Object.fromEntries(filters.map((filter) => [filter.name, filter.schema.optional()])) as FilterShape<T>;
  return z.strictObject({ ...shape, limit: limitParam, cursor: cursorParam, sort: sortParam });
}

/** The conditions of the filters the query sets, for the list to AND with its keyset (and scope). */
export function filterConditions<Where>(filters: readonly AnyFilter<Where>[], query: Record<string, unknown>): Where[] {
  const conditions: Where[] = [];
  let period = false;
  for (const filter of filters) {
    const value = query[filter.name];
    if (value === undefined) continue;
    if (filter.where === "period") period = true;
    // The value is the parsed query's, which the filter's own schema made.
    else conditions.push((filter.where as (value: unknown) => Where)(value));
  }
  if (period) {
    const { from, to } = createdAtRange(query as CreatedAtBounds);
    conditions.push({ createdAt: { gte: from, lt: to } } as Where);
  }
  return conditions;
}

/** The filters' values, which a cursor is bound to (a cursor is valid only with the same filters). */
export function filterValues(filters: readonly AnyFilter[], query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(filters.map((filter) => [filter.name, query[filter.name]]));
}

/** The filter bar's choice of a filter of the table (a bar that offers it must find it declared). */
export function filterControl(filters: readonly AnyFilter[], name: string): ChoiceControl {
  const control = filters.find((filter) => filter.name === name)?.control;
  if (!control) throw new Error(`the filter ${name} declares no control`);
  return control;
}

/** The filters' words for the OpenAPI document, by parameter name. */
export function filterDescriptions(filters: readonly AnyFilter[]): Record<string, string> {
  return Object.fromEntries(filters.map((filter) => [filter.name, filter.description]));
}

/** A list's filters as the page holds them: the URL's text of each filter it offers (`page`). */
export type PageFilters<T extends readonly AnyFilter[]> = { [Name in T[number]["name"]]?: string };

/** The page's filters from its URL: what each filter's parser keeps, the rest dropped. */
export function parsePageFilters<const T extends readonly AnyFilter[]>(filters: T, params: URLSearchParams): PageFilters<T> {
  const parsed: Record<string, string | undefined> = {};
  for (const filter of filters) {
    const text = params.get(filter.name);
    if (filter.page) parsed[filter.name] = text === null ? undefined : filter.page(text) || undefined;
  }
  return parsed as PageFilters<T>;
}

/** The page's filters as a query string (without "?"), in the table's order; extra parameters follow. */
export function pageFiltersQuery(
  filters: readonly AnyFilter[],
  values: Record<string, string | undefined>,
  extra: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const filter of filters) {
    const value = values[filter.name];
    if (filter.page && value) params.set(filter.name, value);
  }
  for (const [name, value] of Object.entries(extra)) if (value !== undefined && value !== "") params.set(name, String(value));
  return params.toString();
}

/** Whether any filter narrows the list. */
export function pageFiltersActive(values: Record<string, string | undefined>): boolean {
  return Object.values(values).some(Boolean);
}

/** Every filter cleared, as a change to the page's state (each key present, so each is removed). */
export function noPageFilters<const T extends readonly AnyFilter[]>(filters: T): Record<T[number]["name"], undefined> {
  return Object.fromEntries(filters.filter((filter) => filter.page).map((filter) => [filter.name, undefined])) as Record<
    T[number]["name"],
    undefined
  >;
}
