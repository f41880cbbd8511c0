// The specs' `test`: every /v1 response a test sees is checked against the OpenAPI document
// (see contract.ts), and shared steps such as signing in through the form.
import { test as base, expect, type Page } from "@playwright/test";
import { ContractLog } from "./contract";
import type { E2EUser } from "./users";

export async function fillSignInForm(page: Page, user: Pick<E2EUser, "username" | "password">): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInAs(page: Page, user: E2EUser): Promise<void> {
  await fillSignInForm(page, user);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

export const test = base.extend<{ contract: ContractLog; signIn: (user: E2EUser) => Promise<void> }>({
  contract: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const log = new ContractLog();
      await use(log);
      const mismatches = await log.mismatches();
      expect(mismatches, "API responses that the OpenAPI document does not allow").toEqual([]);
    },
    { auto: true },
  ],
  request: async ({ request, contract }, use) => {
    await use(contract.wrap(request));
  },
  page: async ({ page, contract }, use) => {
    contract.watch(page);
    Object.defineProperty(page, "request", { value: contract.wrap(page.request) });
    // A script the page's own policy refuses, or an uncaught error, is a bug even when the
    // test's assertions pass: the page may look right and still have lost a script.
    const browserErrors: string[] = [];
    // A refused eval that the page catches (zod's capability probe) logs nothing to the console,
    // only the policy's violation event: say it there, where the listener below hears it.
    await page.addInitScript(() =>
      window.addEventListener(
        "securitypolicyviolation",
        (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
        true,
      ),
    );
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text()))
        browserErrors.push(message.text());
    });
    page.on("pageerror", (error) => browserErrors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(browserErrors, "CSP violations and uncaught errors in the browser").toEqual([]);
  },
  signIn: async ({ page }, use) => {
    await use((user) => signInAs(page, user));
  },
});

export { expect };
