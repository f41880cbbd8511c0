// `npm run docs:filters`: rewrites docs/api.md's table of every list's filters from its filter table.

import { FILTER_DOCS, FILTER_DOCS_FILE, filterDocs } from "./support/filter-docs";
import { writeReportSection } from "./support/report-section";

for (const { section, filters } of FILTER_DOCS) writeReportSection(FILTER_DOCS_FILE, section, filterDocs(filters));
