// A password someone else chose (a new account's) opens only the Change password page; the
// change opens the console (this browser signed in again with the new password). Any user reaches the page
// from the user menu. Accessibility checked, screenshots for docs/screenshots/ (npm run screenshots).
import { randomBytes } from "node:crypto";
import { seriousViolations } from "../support/accessibility";
import { expect, fillSignInForm, test } from "../support/fixtures";
import { saveScreenshot } from "../support/screenshots";
import { apiToken } from "../support/seed-events";
import { USERS } from "../support/users";

test("a new account must choose its own password before the console opens", async ({ page }) => {
  const admin = await apiToken(page.request, USERS.admin);
  const username = `e2e-pw-${randomBytes(4).toString("hex")}`;
  const created = await page.request.post("/v1/users", {
    data: { username, role: "viewer" },
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(created.status()).toBe(201);
  const generated = (await created.json()).password as string;

  await fillSignInForm(page, { username, password: generated });
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
  await expect(page.getByText("Your password was set by someone else")).toBeVisible();
  // The dashboard stays closed until then.
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/account\/password$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await saveScreenshot(page, "change-password-required.png");

  const form = page.getByRole("form", { name: "Change password" });
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("field-error").first()).toContainText("Current password is required");
  await form.getByLabel("Current password").fill("not the password at all");
  await form.getByLabel("New password", { exact: true }).fill("my own console passphrase");
  await form.getByLabel("New password, again").fill("my own console passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("field-error")).toContainText("is not the account's current password");

  // Another session of the account (an API client's token), which the change must end.
  const other = await page.request.post("/v1/auth", { data: { username, password: generated } });
  const otherToken = (await other.json()).access_token as string;

  await form.getByLabel("Current password").fill(generated);
  await form.getByRole("button", { name: "Change password" }).click();
  // This browser stays signed in (with the new password) and goes on to the console, which the
  // form was only standing in front of; the other session is over.
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const stale = await page.request.get("/v1/providers", { headers: { authorization: `Bearer ${otherToken}` } });
  expect(stale.status()).toBe(401);

  // A change of one's own free will ends on its confirmation, not on an emptied form.
  await page.goto("/account/password");
  await form.getByLabel("Current password").fill("my own console passphrase");
  await form.getByLabel("New password", { exact: true }).fill("my second console passphrase");
  await form.getByLabel("New password, again").fill("my second console passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/password\?changed=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();
  await expect(page.getByText("Your password has been changed")).toBeVisible();
  await expect(page.getByRole("form", { name: "Change password" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the console" }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test("any user reaches Change password from the user menu, and can go back", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.getByTestId("change-password-link").click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByText("Your password was set by someone else")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Back to the console" }).click();
  await expect(page).toHaveURL(/\/overview$/);
});
