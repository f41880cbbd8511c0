// A list's filters as one declarative table (credentials, merchants, users, webhook endpoints and
// deliveries, alerts, audit, reconciliation exceptions; the events list's table,
// lib/events/list/event-filter-table.ts, declares the same name, label and words, and its own value
// rules, because its page is built in SQL and its filter bar is generated). Each filter is
// declared once: its query parameter (the API's and the page's URL), its name in words, what the
// API takes (zod), its OpenAPI words, what the dashboard's URL parser keeps and its choice in the
// filter bar. Its condition is the server's alone: each list's *-filter-where.ts, keyed by the
// same names (lib/paging/filtered-page.ts's FilterWhere fails to compile when one is missing).
// Derived from a table: the strict query schema (the paging parameters last), the values a cursor
// is bound to, the OpenAPI descriptions, docs/api.md's table (scripts/filter-docs.ts), and on the
// page the URL state, the API path, the links to the list (lib/links/list-links.ts) and the
// filter bar's labels and choices.
// Pure, without Prisma or SQL (the dashboard ships it).
import { z } from "zod";
import { cursorParam, limitParam, sortParam } from "@/lib/paging/page-params";

/**
 * What every list's filter declares, the events list's too: its query parameter, its name in
 * words (the filter bar's label, docs/api.md's table) and its description (OpenAPI, docs/api.md).
 */
export type FilterDeclaration = { name: string; label: string; description: string };

export type ListFilter<Name extends string, Schema extends z.ZodType> = FilterDeclaration & {
  name: Name;
  schema: Schema;
  /**
   * What the dashboard's URL parser keeps of the parameter's text (anything else is dropped,
   * never sent for a 400); absent when the page does not offer the filter.
   */
  page?: (text: string) => string | undefined;
  /** The filter's choice in the list's filter bar, when the bar offers it as one (labelled by `label`). */
  control?: ChoiceControl;
};

/**
 * A choice in a list's filter bar (components/ui/filter-field.tsx renders it): the choice of no
 * filter, the values with their labels (absent when they are data the page loads: providers,
 * audit actions) and its width on a wide screen.
 */
export type ChoiceControl = {
  anyLabel: string;
  options?: readonly (readonly [value: string, label: string])[];
  width: "narrow" | "medium" | "wide";
};

/** A choice as the bar shows it: the control and the filter's label. */
export type LabelledChoice = ChoiceControl & { label: string };

/** Any list's filter. */
export type AnyFilter = ListFilter<string, z.ZodType>;

/** The declaration helper of a table's entries: each keeps its own name and schema types. */
export const listFilter = <const Name extends string, Schema extends z.ZodType>(filter: ListFilter<Name, Schema>) => filter;

/**
 * A filter that takes one word of a closed list (lib/vocabulary/closed-vocabulary.ts), given as its
 * labels (its words are their keys, in order): the API takes only those words (any other is a 400
 * naming them), the page keeps only them, and the bar offers them by their labels. Described by
 * its words unless it says more.
 */
export function oneOfFilter<const Name extends string, const Word extends string>(
  filter: Pick<FilterDeclaration, "label"> & {
    name: Name;
    description?: string;
    choices: Readonly<Record<Word, string>>;
    control: Omit<ChoiceControl, "options">;
  },
) {
  const { choices, control, ...named } = filter;
  const words = Object.keys(choices) as [Word, ...Word[]];
  return listFilter({
    ...named,
    schema: z.enum(words, { error: `must be one of ${words.join(", ")}` }),
    description: filter.description ?? `One of ${words.join(", ")}.`,
    page: (text) => ((words as readonly string[]).includes(text) ? text : undefined),
    control: { ...control, options: words.map((word) => [word, choices[word]] as const) },
  });
}

/** The names a table declares. */
export type FilterName<T extends readonly AnyFilter[]> = T[number]["name"];

type FilterShape<T extends readonly AnyFilter[]> = { [F in T[number] as F["name"]]: z.ZodOptional<F["schema"]> };

/** The list's strict query: every filter optional, in the table's order, then limit, cursor and sort. */
export function listQuerySchema<const T extends readonly AnyFilter[]>(filters: T) {
  const shape = Object.fromEntries(filters.map((filter) => [filter.name, filter.schema.optional()])) as FilterShape<T>;
  return z.strictObject({ ...shape, limit: limitParam, cursor: cursorParam, sort: sortParam });
}

/** The filters' values, which a cursor is bound to (a cursor is valid only with the same filters). */
export function filterValues(filters: readonly AnyFilter[], query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(filters.map((filter) => [filter.name, query[filter.name]]));
}

/** The filter bar's choice of a filter of the table, with its label (a bar that offers it must find it declared). */
export function filterControl<const T extends readonly AnyFilter[]>(filters: T, name: FilterName<T>): LabelledChoice {
  const filter = filters.find((entry) => entry.name === name);
  if (!filter?.control) throw new Error(`the filter ${name} declares no control`);
  return { label: filter.label, ...filter.control };
}

/** A filter's name in words (the label of its field in the bar), by parameter name. */
export function filterLabel<const T extends readonly AnyFilter[]>(filters: T, name: FilterName<T>): string {
  const filter = filters.find((entry) => entry.name === name);
  if (!filter) throw new Error(`no filter ${name}`);
  return filter.label;
}

/** The filters' words for the OpenAPI document, by parameter name. */
export function filterDescriptions(filters: readonly FilterDeclaration[]): Record<string, string> {
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
