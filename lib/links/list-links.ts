// The one way the dashboard links to one of its lists with filters set: a builder per list,
// typed by that list's own filters and writing that list's own parameter names, so a link cannot
// drop its filters by naming them differently from the page that reads them (the events page
// reads the API's names, acquirer_name, merchant_id..., every other list its filter table's,
// lib/paging/list-filter-table.ts).
// tests/architecture/list-links.test.ts parses every builder's link back with the list's own
// parser and refuses a list link written by hand anywhere else.
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { EMPTY_FILTERS, type EventFilters, eventFiltersSearch } from "@/lib/events/list/event-filters";
import { type AnyFilter, type PageFilters, pageFiltersQuery, parsePageFilters } from "@/lib/paging/list-filter-table";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";

/** /events with these filters, in the events page's own parameter names. */
export function eventsLink(filters: Partial<EventFilters> = {}): string {
  return `/events${eventFiltersSearch({ ...EMPTY_FILTERS, ...filters })}`;
}

const tableLink =
  <const T extends readonly AnyFilter[]>(path: string, table: T) =>
  (filters: PageFilters<T> = {}): string => {
    const query = pageFiltersQuery(table, filters);
    return query ? `${path}?${query}` : path;
  };

/** /credentials with these filters (its filter table's names). */
export const credentialsLink = tableLink("/credentials", CREDENTIAL_FILTER_TABLE);

/** /alerts with these filters (its filter table's names). */
export const alertsLink = tableLink("/alerts", ALERT_FILTER_TABLE);

/** /reconciliation with its exceptions filtered (the exceptions' filter table's names). */
export const reconciliationLink = tableLink("/reconciliation", EXCEPTION_FILTER_TABLE);

/** The webhook endpoints page's one filter: one merchant's endpoints. */
export type WebhookFilters = PageFilters<typeof ENDPOINT_FILTER_TABLE>;

/** The endpoints page's filters from its URL (the page reads them here, beside its links). */
export const parseWebhookFilters = (params: URLSearchParams) => parsePageFilters(ENDPOINT_FILTER_TABLE, params);

/** /webhooks, optionally one merchant's endpoints (the endpoints' filter table's names). */
export const webhooksLink = tableLink("/webhooks", ENDPOINT_FILTER_TABLE);
