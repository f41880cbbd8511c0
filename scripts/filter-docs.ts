// `npm run docs:filters`: rewrites docs/api.md's table of the events filters from the filter table.

import { eventFilterDocs, FILTER_DOCS_FILE, FILTER_DOCS_SECTION } from "./support/filter-docs";
import { writeReportSection } from "./support/report-section";

writeReportSection(FILTER_DOCS_FILE, FILTER_DOCS_SECTION, eventFilterDocs());
