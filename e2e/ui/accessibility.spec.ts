// Automated accessibility checks (axe-core): no serious or critical violations on the sign-in
// page, the overview, the providers page and the API reference, in the light and the dark scheme.
import { COLOR_SCHEMES, seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/fixtures";
import { USERS } from "../support/users";

for (const colorScheme of COLOR_SCHEMES) {
  test(`no serious violations in the ${colorScheme} scheme: /login, /overview, /providers, /api-reference`, async ({
    page,
    signIn,
  }) => {
    // Four axe analyses of full pages (the API reference is long): about 30 s on an idle 2-core machine, more under load.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    expect(await seriousViolations(page), "/login").toEqual([]);

    await signIn(USERS.operator);
    expect(await seriousViolations(page), "/overview").toEqual([]);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Providers" }).click();
    await expect(page.getByTestId("provider-card")).toHaveCount(6);
    expect(await seriousViolations(page), "/providers").toEqual([]);

    // The reference loads the OpenAPI document as data (GET /v1/openapi.json), not inlined in the page.
    const documentLoaded = page.waitForResponse((response) => response.url().endsWith("/v1/openapi.json") && response.ok());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" }).click();
    await documentLoaded;
    await expect(page.getByRole("heading", { level: 3, name: "Create a credential" })).toBeVisible();
    // Its header, index and first section (an operation of each kind: public and with a token,
    // their badges): the whole reference repeats those parts, and analysing all of it takes minutes.
    const parts = ["main h1", 'nav[aria-label="Operations"]', "main section:first-of-type"];
    expect(await seriousViolations(page, parts), "/api-reference").toEqual([]);
    // Once 2.1 MB of HTML, when the document was written into the page.
    const html = await (await page.request.get("/api-reference")).text();
    expect(html.length).toBeLessThan(200_000);
  });
}
