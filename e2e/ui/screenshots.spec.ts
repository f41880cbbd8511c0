// Screenshots of the main screens for docs/screenshots/ (refreshed by npm run screenshots; a plain test run writes them under test-results/), in the light and the dark scheme.
import { COLOR_SCHEMES } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { USERS } from "../support/users";

for (const colorScheme of COLOR_SCHEMES) {
  test(`screens in the ${colorScheme} scheme`, async ({ page, signIn }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await saveScreenshot(page, `login-${colorScheme}.png`);

    await signIn(USERS.admin);
    await saveScreenshot(page, `overview-${colorScheme}.png`);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Providers" }).click();
    await expect(page.getByTestId("provider-card")).toHaveCount(6);
    await saveScreenshot(page, `providers-${colorScheme}.png`, { fullPage: true });
  });
}
