// docs/api.md's table of the events filters is written from the filter table
// (scripts/filter-docs.ts): it must be the table's as it stands, so a filter added, renamed or
// reworded shows in the reference the same day.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventFilterDocs, FILTER_DOCS_FILE, FILTER_DOCS_SECTION } from "@/scripts/support/filter-docs";

describe("docs/api.md's events filters", () => {
  it("are the filter table's (npm run docs:filters rewrites them)", () => {
    const text = readFileSync(FILTER_DOCS_FILE, "utf8");
    const open = `<!-- ${FILTER_DOCS_SECTION} -->\n`;
    const close = `\n<!-- /${FILTER_DOCS_SECTION} -->`;
    expect(text).toContain(open);
    const section = text.slice(text.indexOf(open) + open.length, text.indexOf(close));
    expect(section.split("\n")).toEqual(eventFilterDocs());
  });
});
