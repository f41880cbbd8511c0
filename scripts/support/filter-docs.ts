// docs/api.md's tables of every list's filters, written from the lists' filter tables
// (lib/events/list/event-filter-table.ts, lib/*/*-filter-table.ts) so that the reference cannot drift
// from what the API takes: `npm run docs:filters` rewrites each list's section, between
// <!-- name --> and <!-- /name -->, and tests/architecture/filter-docs.test.ts fails while one differs.
import { ALERT_FILTER_TABLE } from "@/lib/alerts/alert-filter-table";
import { AUDIT_FILTER_TABLE } from "@/lib/audit/audit-filter-table";
import { CREDENTIAL_FILTER_TABLE } from "@/lib/credentials/credential-filter-table";
import { EVENT_FILTER_TABLE } from "@/lib/events/list/event-filter-table";
import { MERCHANT_FILTER_TABLE } from "@/lib/merchants/merchant-filter-table";
import type { FilterDeclaration } from "@/lib/paging/list-filter-table";
import { EXCEPTION_FILTER_TABLE } from "@/lib/reconciliation/exception-filter-table";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";
import { DELIVERY_FILTER_TABLE } from "@/lib/webhooks/delivery/delivery-filter-table";
import { ENDPOINT_FILTER_TABLE } from "@/lib/webhooks/endpoints/endpoint-filter-table";

export const FILTER_DOCS_FILE = "docs/api.md";

/** Each list's section of docs/api.md: its markers' name, and its filter table (the API's order). */
export const FILTER_DOCS: readonly { section: string; filters: readonly FilterDeclaration[] }[] = [
  { section: "event-filters", filters: EVENT_FILTER_TABLE },
  { section: "credential-filters", filters: CREDENTIAL_FILTER_TABLE },
  { section: "merchant-filters", filters: MERCHANT_FILTER_TABLE },
  { section: "user-filters", filters: USER_FILTER_TABLE },
  { section: "endpoint-filters", filters: ENDPOINT_FILTER_TABLE },
  { section: "delivery-filters", filters: DELIVERY_FILTER_TABLE },
  { section: "alert-filters", filters: ALERT_FILTER_TABLE },
  { section: "audit-filters", filters: AUDIT_FILTER_TABLE },
  { section: "exception-filters", filters: EXCEPTION_FILTER_TABLE },
];

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A section's lines (without its markers): one row per filter, in the API's order. */
export function filterDocs(filters: readonly FilterDeclaration[]): string[] {
  return [
    "| parameter | in words | takes |",
    "| --- | --- | --- |",
    ...filters.map((filter) => `| \`${filter.name}\` | ${cell(filter.label)} | ${cell(filter.description)} |`),
  ];
}
