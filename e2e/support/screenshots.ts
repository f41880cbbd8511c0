// The browser tests' pictures of the screens: taken only when `npm run screenshots` refreshes the
// documentation's (DOCS_SCREENSHOTS=1, into docs/screenshots/). A plain test run takes none: a
// full-page picture costs about a second on a loaded two-core machine, and nobody looks at it.
import type { Page } from "@playwright/test";

export const TAKING_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === "1";

/** Saves docs/screenshots/<name> when refreshing the documentation's pictures; otherwise does nothing. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (TAKING_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/${name}`, ...options });
}
