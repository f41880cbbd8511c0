// docs/api.md's tables of the lists' filters are written from the filter tables
// (scripts/filter-docs.ts): each must be its table's as it stands, so a filter added, renamed or
// reworded shows in the reference the same day.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FILTER_DOCS, FILTER_DOCS_FILE, filterDocs } from "@/scripts/support/filter-docs";

describe("docs/api.md's filter tables", () => {
  it.each(FILTER_DOCS.map((docs) => [docs.section, docs] as const))(
    "%s is the filter table's (npm run docs:filters rewrites it)",
    (section, { filters }) => {
      const text = readFileSync(FILTER_DOCS_FILE, "utf8");
      const open = `<!-- ${section} -->\n`;
      const close = `\n<!-- /${section} -->`;
      expect(text).toContain(open);
      expect(text).toContain(close);
      const body = text.slice(text.indexOf(open) + open.length, text.indexOf(close));
      expect(body.split("\n")).toEqual(filterDocs(filters));
    },
  );
});
