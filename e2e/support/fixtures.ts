// Shared steps of the specs: signing in through the form, and an API token for a seeded user.
import { test as base, expect, type Page } from "@playwright/test";
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

export const test = base.extend<{ signIn: (user: E2EUser) => Promise<void> }>({
  signIn: async ({ page }, use) => {
    await use((user) => signInAs(page, user));
  },
});

export { expect };
