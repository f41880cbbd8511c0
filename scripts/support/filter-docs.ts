// docs/api.md's table of the events list's filters, written from the filter table
// (lib/events/event-filter-table.ts) so that the reference cannot drift from what the API takes:
// `npm run docs:filters` rewrites the section between <!-- event-filters --> and
// <!-- /event-filters -->, and tests/architecture/filter-docs.test.ts fails while it differs.
import { EVENT_FILTER_TABLE } from "@/lib/events/event-filter-table";

export const FILTER_DOCS_FILE = "docs/api.md";
export const FILTER_DOCS_SECTION = "event-filters";

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The section's lines (without its markers): one row per filter, in the API's order. */
export function eventFilterDocs(): string[] {
  return [
    "| parameter | in words | takes |",
    "| --- | --- | --- |",
    ...EVENT_FILTER_TABLE.map((filter) => `| \`${filter.name}\` | ${cell(filter.label)} | ${cell(filter.description)} |`),
  ];
}
