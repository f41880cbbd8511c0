// Where the browser tests' screenshots go: test-results/screenshots/ (never a tracked file: a test
// run leaves the work tree clean), or docs/screenshots/ when `npm run screenshots` refreshes the
// documentation's pictures (it runs the browser tests with DOCS_SCREENSHOTS=1).
export function screenshotPath(name: string): string {
  const folder = process.env.DOCS_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";
  return `${folder}/${name}`;
}
